// The promotions domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { quote, type Quote } from './pricing.js';
export { promotions } from './repository.js';
