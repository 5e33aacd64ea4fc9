import type { RawData } from 'ws';

/** The bytes of a WebSocket message, whichever shape `ws` delivered them in. */
export function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
