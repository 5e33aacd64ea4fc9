import type { ServerResponse } from 'node:http';
import type { PveError } from './errors.js';

/** Sends a pveproxy-style JSON response; errors put their text in the reason phrase and `message`. */
export function send(res: ServerResponse, status: number, body: unknown, reason?: string): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  // Reason phrases cannot carry newlines or non-latin1 characters.
  if (reason) res.statusMessage = reason.replace(/[^\x20-\x7e]/g, ' ').trim();
  res.setHeader('Content-Type', 'application/json;charset=UTF-8');
  res.setHeader('Cache-Control', 'max-age=0');
  res.setHeader('Server', 'pve-api-daemon/3.0');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Answers a PveError with Proxmox's body shape. */
export function sendError(res: ServerResponse, err: PveError): void {
  const body: Record<string, unknown> = { data: null, message: `${err.message}\n` };
  if (err.errors) body.errors = err.errors;
  send(res, err.status, body, err.message);
}
