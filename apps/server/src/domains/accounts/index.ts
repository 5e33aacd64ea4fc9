// The accounts domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { requireStaff, staffOf } from './staff-guard.js';
export { staffTokens } from './staff-tokens-repository.js';
export { sessionEvents } from './session-events.js';
