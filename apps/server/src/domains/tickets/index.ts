// The tickets domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { toSummary } from './present.js';
export { tickets } from './repository.js';
