/**
 * What a PDF says about itself, read from its bytes without a PDF library: the document language
 * (/Lang) and title (/Title, a literal string, UTF-16 when it carries a BOM).
 */
export function pdfInfo(pdf: Buffer): { lang: string | null; title: string | null } {
  const text = pdf.toString('latin1');
  const lang = /\/Lang \(([^)]*)\)/.exec(text)?.[1] ?? null;
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n\\((.*?)\\)\\nendobj`, 's').exec(text)?.[1] : undefined;
  return { lang, title: literal === undefined ? null : decodeLiteral(literal) };
}

function decodeLiteral(latin1: string): string {
  const bytes = Buffer.from(
    latin1.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
      const map: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        b: '\b',
        f: '\f',
        '(': '(',
        ')': ')',
        '\\': '\\',
      };
      return map[e] ?? String.fromCharCode(parseInt(e, 8));
    }),
    'latin1',
  );
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString('latin1');
  const body = bytes.subarray(2);
  return Buffer.from(body).swap16().toString('utf16le');
}
