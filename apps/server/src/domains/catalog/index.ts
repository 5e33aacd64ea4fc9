// The catalog domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { catalog, type ProductPlacement, type ProductRow } from './repository.js';
export { plainText, sanitizeNotice } from './sanitize.js';
export { DEFAULT_CATALOG } from './seed.js';
export { nameOf, textsIn } from './service.js';
