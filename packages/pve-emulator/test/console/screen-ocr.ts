import { glyph } from '../../src/console/font-8x8.js';
import { CELL_H, CELL_W } from '../../src/console/render.js';

/** A framebuffer reduced to lit/unlit pixels, row-major ('1' = lit). */
export interface LitBitmap {
  w: number;
  h: number;
  bits: string;
}

function cellKey(bitmap: LitBitmap, col: number, row: number): string {
  let key = '';
  for (let y = 0; y < CELL_H; y++) {
    const at = (row * CELL_H + y) * bitmap.w + col * CELL_W;
    key += bitmap.bits.slice(at, at + CELL_W);
  }
  return key;
}

function glyphKey(ch: string, inverted: boolean): string {
  let key = '';
  for (let y = 0; y < CELL_H; y++) {
    const bits = glyph(ch)[y >> 1] ?? 0;
    for (let x = 0; x < CELL_W; x++) {
      const lit = x < 8 && ((bits >> x) & 1) === 1;
      key += lit !== inverted ? '1' : '0';
    }
  }
  return key;
}

const KEYS = new Map<string, string>();
for (let code = 0x7e; code >= 0x20; code--) {
  const ch = String.fromCharCode(code);
  KEYS.set(glyphKey(ch, false), ch);
  KEYS.set(glyphKey(ch, true), ch); // the block cursor draws its cell inverted
}

/**
 * Reads the text back from pixels a VNC client drew, by matching each character cell against the
 * console font exactly; a cell that matches no glyph reads as '\u2592'.
 */
export function readScreenText(bitmap: LitBitmap): string {
  const lines: string[] = [];
  for (let row = 0; row < Math.floor(bitmap.h / CELL_H); row++) {
    let line = '';
    for (let col = 0; col < Math.floor(bitmap.w / CELL_W); col++)
      line += KEYS.get(cellKey(bitmap, col, row)) ?? '\u2592';
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}
