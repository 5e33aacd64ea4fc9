import { glyph } from './font-8x8.js';
import { encodePixel, type PixelFormat } from './pixel-format.js';
import type { TextScreen } from './screen.js';

/** A character cell: 8 glyph columns plus one blank, 16 rows (each font row drawn twice), like VGA text mode. */
export const CELL_W = 9;
export const CELL_H = 16;

/** Light grey on black, the colours of a Linux virtual terminal. */
export const FOREGROUND: [number, number, number] = [0xaa, 0xaa, 0xaa];
export const BACKGROUND: [number, number, number] = [0, 0, 0];

/** Whether the pixel at (px, py) of the framebuffer is lit for this screen. */
export function litAt(screen: TextScreen, px: number, py: number, showCursor: boolean): boolean {
  const col = Math.floor(px / CELL_W);
  const row = Math.floor(py / CELL_H);
  if (col >= screen.cols || row >= screen.rows) return false;
  const gx = px % CELL_W;
  const lit = gx < 8 && (((glyph(screen.charAt(col, row))[(py % CELL_H) >> 1] ?? 0) >> gx) & 1) === 1;
  // A block cursor: the cell drawn inverted.
  const cursor = showCursor && col === screen.cursorX && row === screen.cursorY;
  return cursor ? !lit : lit;
}

/** The raw pixels of a framebuffer rectangle in the client's pixel format. */
export function renderRect(
  screen: TextScreen,
  rect: { x: number; y: number; w: number; h: number },
  pf: PixelFormat,
  showCursor: boolean,
): Buffer {
  const fg = encodePixel(pf, ...FOREGROUND);
  const bg = encodePixel(pf, ...BACKGROUND);
  const bpp = fg.length;
  const out = Buffer.alloc(rect.w * rect.h * bpp);
  let at = 0;
  for (let py = rect.y; py < rect.y + rect.h; py++) {
    for (let px = rect.x; px < rect.x + rect.w; px++) {
      (litAt(screen, px, py, showCursor) ? fg : bg).copy(out, at);
      at += bpp;
    }
  }
  return out;
}
