export type { GuestAccess } from './guest.js';
export { serveTerm } from './term-server.js';
export { serveVnc } from './vnc-server.js';
