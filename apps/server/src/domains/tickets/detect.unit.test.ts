import { describe, expect, it } from 'vitest';
import { contentDisposition, detectType, displayName, downloadName } from './detect.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectType', () => {
  it('knows the binary types by their magic numbers, whatever follows', () => {
    expect(detectType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectType(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectType(bytes('GIF89a\u0001\u0000'))).toBe('image/gif');
    expect(detectType(bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8L'))).toBe('image/webp');
    expect(detectType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    // Half a signature is nothing.
    expect(detectType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(detectType(bytes('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeUndefined();
  });

  it('takes UTF-8 text with tabs and line breaks (a BOM too), nothing with other controls', () => {
    expect(detectType(bytes('\ufeffline 1\r\n\tline 2 — ünïcödé 中文 😀\n'))).toBe('text/plain');
    expect(detectType(bytes('a\u0007b'))).toBeUndefined();
    expect(detectType(bytes('a\u007fb'))).toBeUndefined();
    expect(detectType(bytes('a\u0085b'))).toBeUndefined();
    expect(detectType(Uint8Array.from([0xc3, 0x28]))).toBeUndefined();
    expect(detectType(new Uint8Array())).toBeUndefined();
  });

  it('refuses text a browser would sniff as a page, but not text that merely mentions tags', () => {
    for (const page of [
      '<!doctype html>',
      '\ufeff <HTML>',
      '<script>x</script>',
      '<p>hi',
      '<!-- c -->',
      '<?xml ?>',
      '<svg/>',
      '<a href=x>',
    ]) {
      expect([page, detectType(bytes(page))]).toEqual([page, undefined]);
    }
    expect(detectType(bytes('use <br> for breaks'))).toBe('text/plain');
    expect(detectType(bytes('<abbr>'))).toBe('text/plain');
    expect(detectType(bytes('1 < 2'))).toBe('text/plain');
  });
});

describe('names', () => {
  it('keeps the base name without controls, never empty, at most 200 characters', () => {
    expect(displayName('/home/ada/notes.txt')).toBe('notes.txt');
    expect(displayName('C:\\Users\\ada\\a\u0000b\r\n.png')).toBe('ab.png');
    expect(displayName('   ')).toBe('attachment');
    expect(displayName(undefined)).toBe('attachment');
    // Bidirectional controls would show "invoice\u202egnp.exe" as "invoiceexe.png".
    expect(displayName('invoice\u202egnp.exe')).toBe('invoicegnp.exe');
    expect(displayName('\u2066\u200f\u202a\u061c')).toBe('attachment');
    expect([...displayName('中'.repeat(300))]).toHaveLength(200);
  });

  it('saves a download with an extension of its real type', () => {
    expect(downloadName('shot.PNG', 'image/png')).toBe('shot.PNG');
    expect(downloadName('shot.txt', 'image/png')).toBe('shot.txt.png');
    expect(downloadName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(downloadName('photo', 'image/jpeg')).toBe('photo.jpg');
    expect(downloadName('boot.log', 'text/plain')).toBe('boot.log');
  });

  it('quotes nothing a header could break on', () => {
    expect(contentDisposition('a "b"\\c;d%.txt')).toBe(
      `attachment; filename="a _b__c_d_.txt"; filename*=UTF-8''a%20%22b%22%5Cc%3Bd%25.txt`,
    );
    expect(contentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});
