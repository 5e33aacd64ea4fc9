import { fontFaces, runs, type Weight } from './fonts.js';

/** What a billing document (an invoice, a receipt) shows, already in its language. */
export interface DocumentSpec {
  /** BCP 47 language of the document (`zh-CN`, `en`). */
  lang: string;
  title: string;
  /** The line under the title: who issued it and what it is. */
  subtitle: string;
  status?: string;
  /** Side by side: who issued it, who it is for. */
  parties: { label: string; lines: string[] }[];
  fields: { label: string; value: string }[];
  columns: [string, string];
  items: { description: string; amount: string }[];
  totals: { label: string; value: string; strong?: boolean }[];
  footnote?: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN;
const INK = '#111111';
const DIM = '#5c5f66';
const RULE = '#c8cbd0';

/** A document laid out like the printed invoice page, in black on white, on as many A4 pages as it needs. */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  // pdfkit and the fonts load with the first document: the CLI and most server starts make none.
  const [{ default: PDFDocument }, faces] = await Promise.all([import('pdfkit'), fontFaces()]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: spec.lang,
    info: { Title: spec.title, Author: spec.subtitle },
    displayTitle: true,
  });
  for (const face of [...faces.regular, ...faces.bold]) doc.registerFont(face.name, face.data);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** Writes text at (x, y) within `width`; answers where the text ended (its bottom). */
  const write = (
    text: string,
    x: number,
    y: number,
    o: { width: number; size: number; weight?: Weight; color?: string; align?: 'left' | 'right' },
  ): number => {
    const parts = runs(text === '' ? ' ' : text, faces[o.weight ?? 'regular']);
    doc.fillColor(o.color ?? INK).fontSize(o.size);
    parts.forEach((run, i) => {
      doc.font(run.font);
      const opts = { width: o.width, align: o.align ?? 'left', continued: i < parts.length - 1, lineGap: 2 };
      if (i === 0) doc.text(run.text, x, y, opts);
      else doc.text(run.text, opts);
    });
    return doc.y;
  };
  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  let y = MARGIN;
  const room = (needed: number) => {
    if (y + needed <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };

  // Title, issuer and status.
  const statusWidth = 140;
  const titleEnd = write(spec.title, MARGIN, y, { width: WIDTH - statusWidth, size: 20, weight: 'bold' });
  if (spec.status) {
    write(spec.status, MARGIN + WIDTH - statusWidth, y + 4, {
      width: statusWidth,
      size: 12,
      weight: 'bold',
      align: 'right',
    });
  }
  y = write(spec.subtitle, MARGIN, titleEnd + 2, { width: WIDTH, size: 10, color: DIM }) + 16;

  // The parties, side by side.
  const gap = 24;
  const partyWidth = (WIDTH - gap * (spec.parties.length - 1)) / spec.parties.length;
  let partiesEnd = y;
  spec.parties.forEach((party, i) => {
    const x = MARGIN + i * (partyWidth + gap);
    let py = write(party.label.toUpperCase(), x, y, { width: partyWidth, size: 8.5, weight: 'bold', color: DIM }) + 3;
    for (const line of party.lines) py = write(line, x, py, { width: partyWidth, size: 10 });
    partiesEnd = Math.max(partiesEnd, py);
  });
  y = partiesEnd + 16;

  // The dates and other fields, three to a row.
  const perRow = 3;
  const fieldWidth = (WIDTH - gap * (perRow - 1)) / perRow;
  for (let i = 0; i < spec.fields.length; i += perRow) {
    let rowEnd = y;
    spec.fields.slice(i, i + perRow).forEach((field, j) => {
      const x = MARGIN + j * (fieldWidth + gap);
      const labelEnd = write(field.label, x, y, { width: fieldWidth, size: 8.5, color: DIM });
      rowEnd = Math.max(rowEnd, write(field.value, x, labelEnd + 1, { width: fieldWidth, size: 10 }));
    });
    y = rowEnd + 10;
  }
  rule(y);
  y += 10;

  // The items, with their amounts on the right.
  const amountWidth = 130;
  const descWidth = WIDTH - amountWidth - 12;
  const row = (left: string, right: string, o: { size: number; weight?: Weight; color?: string }) => {
    room(o.size * 2.4);
    const leftEnd = write(left, MARGIN, y, { ...o, width: descWidth });
    const rightEnd = write(right, MARGIN + WIDTH - amountWidth, y, { ...o, width: amountWidth, align: 'right' });
    y = Math.max(leftEnd, rightEnd) + 6;
  };
  row(spec.columns[0], spec.columns[1], { size: 8.5, weight: 'bold', color: DIM });
  for (const item of spec.items) {
    row(item.description, item.amount, { size: 10 });
    rule(y - 2);
    y += 4;
  }
  y += 4;
  for (const total of spec.totals) {
    row(total.label, total.value, { size: total.strong ? 12 : 10, weight: total.strong ? 'bold' : 'regular' });
  }
  if (spec.footnote) {
    room(30);
    write(spec.footnote, MARGIN, y + 12, { width: WIDTH, size: 8.5, color: DIM });
  }
  doc.end();
  return done;
}
