// The renewals domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { runRenewals } from './pass.js';
export { renewals } from './repository.js';
