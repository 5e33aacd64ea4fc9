import { SERVER_FORMAT, writePixelFormat } from './pixel-format.js';

/** Bytes a client message needs (RFC 6143 §7.5), given what has arrived; null when not known yet, -1 when unknown. */
export function messageLength(buf: Buffer): number | null {
  switch (buf[0]) {
    case 0: // SetPixelFormat
      return 20;
    case 2: // SetEncodings
      return buf.length < 4 ? null : 4 + 4 * buf.readUInt16BE(2);
    case 3: // FramebufferUpdateRequest
      return 10;
    case 4: // KeyEvent
      return 8;
    case 5: // PointerEvent
      return 6;
    case 6: // ClientCutText
      return buf.length < 8 ? null : 8 + buf.readUInt32BE(4);
    default:
      return -1;
  }
}

/** A u32 length followed by the UTF-8 text. */
function lengthPrefixed(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length, 0);
  return Buffer.concat([len, body]);
}

/** SecurityResult "failed" with its reason, as RFB 3.8 sends it. */
export function securityFailure(reason: string): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 1]), lengthPrefixed(reason)]);
}

/** Refusal of a client's protocol version, in the 3.3 form (security type 0 + reason) older clients read. */
export function versionRefusal(reason: string): Buffer {
  return Buffer.concat([Buffer.alloc(4), lengthPrefixed(reason)]);
}

/** ServerInit: framebuffer size, the server's pixel format and the desktop name. */
export function serverInit(width: number, height: number, name: string): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16BE(width, 0);
  size.writeUInt16BE(height, 2);
  return Buffer.concat([size, writePixelFormat(SERVER_FORMAT), lengthPrefixed(name)]);
}
