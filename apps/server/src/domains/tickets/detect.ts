import { CONTROL_CHARS_BUT_LINES, type AttachmentType } from '@nimbus/contract';

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Magic numbers of the binary types we take. */
const SIGNATURES: { type: AttachmentType; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

/**
 * The openings a browser sniffs as HTML or XML (WHATWG MIME Sniffing §7.1, plus SVG): such text is
 * refused, so that no browser that ignores nosniff can ever render an attachment as a page.
 */
const MARKUP =
  /^(?:<!doctype html|<html|<head|<script|<iframe|<h1|<div|<font|<table|<a|<style|<title|<b|<body|<br|<p|<!--|<\?xml|<svg)(?:[\s>/]|$)/i;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Text we keep: valid UTF-8 without control characters other than tab, line feed and carriage return. */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return false;
  }
  if (CONTROL_CHARS_BUT_LINES.test(text)) return false;
  return !MARKUP.test(
    text
      .replace(/^\ufeff/, '')
      .trimStart()
      .slice(0, 32),
  );
}

/** What an attachment is, judged by its bytes alone; undefined when it is none of ATTACHMENT_TYPES. */
export function detectType(bytes: Uint8Array): AttachmentType | undefined {
  if (bytes.length === 0) return undefined;
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? (isPlainText(bytes) ? 'text/plain' : undefined);
}

const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'text', 'log', 'md', 'csv', 'conf', 'cfg', 'ini'],
};

const MAX_NAME = 200;

/**
 * What a name must not carry: control characters, and bidirectional controls (marks, embeddings,
 * overrides, isolates), with which `invoice\u202Egnp.exe` reads as "invoiceexe.png" on a page or in
 * a file manager (CVE-2021-42574's trick, on a name).
 */
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The uploader's file name, for display: without folders, control characters or bidirectional
 * controls, at most 200 characters, never empty.
 */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSHOWN, '').trim();
  return [...clean].slice(0, MAX_NAME).join('') || 'attachment';
}

/**
 * The name a download is saved under: the display name, with an extension of its real type added
 * when it has none of them (a PNG called notes.txt is saved as notes.txt.png), so the file never
 * opens as something else on the customer's computer.
 */
export function downloadName(name: string, type: AttachmentType): string {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext && EXTENSIONS[type].includes(ext) ? name : `${name}.${EXTENSIONS[type][0]}`;
}

/** Content-Disposition for a download: always `attachment`, an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
