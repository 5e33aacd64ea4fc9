/** An RFB PIXEL_FORMAT (RFC 6143 §7.4). */
export interface PixelFormat {
  bitsPerPixel: number;
  depth: number;
  bigEndian: boolean;
  trueColour: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
}

/** What the server announces: 32 bpp, depth 24, little-endian xRGB. */
export const SERVER_FORMAT: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: false,
  trueColour: true,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

/** Reads a 16-byte PIXEL_FORMAT. */
export function readPixelFormat(buf: Buffer, at: number): PixelFormat {
  return {
    bitsPerPixel: buf.readUInt8(at),
    depth: buf.readUInt8(at + 1),
    bigEndian: buf.readUInt8(at + 2) !== 0,
    trueColour: buf.readUInt8(at + 3) !== 0,
    redMax: buf.readUInt16BE(at + 4),
    greenMax: buf.readUInt16BE(at + 6),
    blueMax: buf.readUInt16BE(at + 8),
    redShift: buf.readUInt8(at + 10),
    greenShift: buf.readUInt8(at + 11),
    blueShift: buf.readUInt8(at + 12),
  };
}

/** Writes a 16-byte PIXEL_FORMAT (3 bytes of padding at the end). */
export function writePixelFormat(pf: PixelFormat): Buffer {
  const buf = Buffer.alloc(16);
  buf.writeUInt8(pf.bitsPerPixel, 0);
  buf.writeUInt8(pf.depth, 1);
  buf.writeUInt8(pf.bigEndian ? 1 : 0, 2);
  buf.writeUInt8(pf.trueColour ? 1 : 0, 3);
  buf.writeUInt16BE(pf.redMax, 4);
  buf.writeUInt16BE(pf.greenMax, 6);
  buf.writeUInt16BE(pf.blueMax, 8);
  buf.writeUInt8(pf.redShift, 10);
  buf.writeUInt8(pf.greenShift, 11);
  buf.writeUInt8(pf.blueShift, 12);
  return buf;
}

/** Whether the server can produce pixels in this format (true colour at 8, 16 or 32 bpp). */
export function supportedFormat(pf: PixelFormat): boolean {
  return pf.trueColour && [8, 16, 32].includes(pf.bitsPerPixel);
}

/** One pixel of colour (r, g, b in 0..255) encoded in `pf`. */
export function encodePixel(pf: PixelFormat, r: number, g: number, b: number): Buffer {
  const scale = (v: number, max: number): number => Math.round((v * max) / 255);
  const value =
    ((scale(r, pf.redMax) << pf.redShift) |
      (scale(g, pf.greenMax) << pf.greenShift) |
      (scale(b, pf.blueMax) << pf.blueShift)) >>>
    0;
  const bytes = pf.bitsPerPixel / 8;
  const buf = Buffer.alloc(bytes);
  if (bytes === 1) buf.writeUInt8(value & 0xff, 0);
  else if (bytes === 2) (pf.bigEndian ? buf.writeUInt16BE : buf.writeUInt16LE).call(buf, value & 0xffff, 0);
  else (pf.bigEndian ? buf.writeUInt32BE : buf.writeUInt32LE).call(buf, value, 0);
  return buf;
}
