// The affiliate domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { reverseCommission } from './commissions.js';
