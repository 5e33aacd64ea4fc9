// The users domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { createUser } from './create.js';
export { post } from './ledger.js';
export { line, type Line, lineText, renderLine, textLine } from './lines.js';
export { toProfile, type UserRow, users } from './repository.js';
