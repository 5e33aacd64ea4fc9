// Reading a caught mail, for the server tests and the end-to-end mail reader alike (no test runner here).

/** A mail as the customer reads it: its subject and text, undoing the transfer encodings. */
export function readMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const words = (s: string) =>
    s
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
        enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
      );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject: words(header('Subject')), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

function qp(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const m = soft[i] === '=' ? /^[0-9A-F]{2}$/i.exec(soft.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
