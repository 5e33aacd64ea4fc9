import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type * as Fontkit from 'fontkit';

// The PDFs embed their fonts (subsets of them), so they print the same everywhere and the server
// needs no system fonts: Noto Sans for Latin, Cyrillic, Greek and Vietnamese, then Noto Sans SC
// (GB 2312) for Chinese. Each character is set in the first font that has it.

export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
/** Where an installed package lives (its exports name no font files, so they are found from its root). */
function packageDir(name: string): string {
  const entry = require.resolve(name);
  const root = path.join('node_modules', name);
  return entry.slice(0, entry.lastIndexOf(root) + root.length);
}

function files(weight: Weight): string[] {
  const noto = packageDir('@fontsource/noto-sans');
  const sc = packageDir('@embedpdf/fonts-sc');
  const w = weight === 'bold' ? 700 : 400;
  return [
    ...['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'].map((subset) =>
      path.join(noto, 'files', `noto-sans-${subset}-${w}-normal.woff`),
    ),
    path.join(sc, 'fonts', weight === 'bold' ? 'NotoSansHans-Bold.otf' : 'NotoSansHans-Regular.otf'),
  ];
}

export interface FontFace {
  /** The name the document registers it under. */
  name: string;
  data: Buffer;
  has(codePoint: number): boolean;
}

let loaded: Promise<Record<Weight, FontFace[]>> | undefined;

/**
 * The fonts of each weight, in the order a character looks for its glyph; read once per process,
 * when the first document is made (fontkit too: a process that makes none never loads it).
 */
export function fontFaces(): Promise<Record<Weight, FontFace[]>> {
  loaded ??= import('fontkit')
    .then((fontkit) => ({ regular: load(fontkit, 'regular'), bold: load(fontkit, 'bold') }))
    .catch((e: unknown) => {
      loaded = undefined;
      throw e;
    });
  return loaded;
}

function load(fontkit: typeof Fontkit, weight: Weight): FontFace[] {
  return files(weight).map((file, i) => {
    const data = sfnt(readFileSync(file));
    const font = fontkit.create(data) as Fontkit.Font;
    return { name: `${weight}-${i}`, data, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
  });
}

/**
 * A WOFF font unpacked to the plain font it wraps (its tables inflated), once, so that documents do
 * not inflate it again each time in JavaScript; other fonts are returned as they are.
 */
export function sfnt(data: Buffer): Buffer {
  if (data.toString('latin1', 0, 4) !== 'wOFF') return data;
  const count = data.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [
      data.readUInt32BE(at + 4),
      data.readUInt32BE(at + 8),
      data.readUInt32BE(at + 12),
    ];
    const raw = data.subarray(offset, offset + compLength);
    return {
      tag: data.subarray(at, at + 4),
      checksum: data.readUInt32BE(at + 16),
      body: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const pow = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(data.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(pow * 16, 6);
  head.writeUInt16BE(Math.log2(pow), 8);
  head.writeUInt16BE(count * 16 - pow * 16, 10);
  const bodies: Buffer[] = [];
  let offset = head.length;
  tables.forEach((t, i) => {
    t.tag.copy(head, 12 + i * 16);
    head.writeUInt32BE(t.checksum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(t.body.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(t.body.length / 4) * 4);
    t.body.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

export interface Run {
  font: string;
  text: string;
}

/**
 * Cuts a text into runs of one font each. Spaces and punctuation that the current font has stay
 * in its run; a character no font has goes to the last (it prints as that font's missing glyph).
 */
export function runs(text: string, faces: FontFace[]): Run[] {
  const out: Run[] = [];
  let current: FontFace | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const face = current?.has(cp) ? current : (faces.find((f) => f.has(cp)) ?? faces[faces.length - 1]!);
    const last = out[out.length - 1];
    if (last && face === current) last.text += ch;
    else out.push({ font: face.name, text: ch });
    current = face;
  }
  return out;
}
