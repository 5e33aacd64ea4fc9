import type { Ticket, TicketAttachment, TicketType } from '@nimbus/contract';
import { expect } from 'vitest';
import { createTicketType } from '../src/domains/tickets/staff.js';
import { call, type Reply } from './api.js';
import type { Harness } from './harness.js';
export { pngBytes } from './png.js';
export { readMail } from './read-mail.js';

/** A ticket type made as the operator's ticket-type:create does. */
export async function ticketType(
  h: Harness,
  name = `Type ${Math.random().toString(36).slice(2)}`,
): Promise<TicketType> {
  // As a customer reads it: the staff shape also carries every version of its texts.
  const { Texts: _texts, ...type } = await createTicketType(h.db, name, `About ${name}`);
  return type;
}

/** Posts one file as a browser's FormData does; `auth` is a customer's ssid or an operator token. */
export async function upload<T = TicketAttachment>(
  h: Harness,
  url: string,
  auth: { ssid?: string; token?: string },
  file: { name: string; bytes: Buffer; type?: string; field?: string },
): Promise<Reply<T>> {
  const boundary = `----nimbus${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(auth.ssid ? { ssid: auth.ssid } : {}),
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export const uploadAs = (h: Harness, ssid: string, name: string, bytes: Buffer, type?: string) =>
  upload(h, '/api/ticket/attachment', { ssid }, { name, bytes, type });

/** Uploads a file the server must take, and answers what it kept. */
export async function uploaded(h: Harness, ssid: string, name: string, bytes: Buffer): Promise<TicketAttachment> {
  const r = await uploadAs(h, ssid, name, bytes);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** Opens a ticket that the server must take. */
export async function opened(h: Harness, ssid: string, body: Record<string, unknown>): Promise<Ticket> {
  const r = await call<Ticket>(h, 'POST', '/api/ticket/add', { ssid, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** The smallest GIF and a JPEG/WebP/PDF opening, enough for a file tool to know them. */
export const SAMPLES = {
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  text: Buffer.from('kernel: eth0 link down\r\n\ttimeout après 30 s — 重试\n'),
};
