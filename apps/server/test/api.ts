import type { Harness } from './harness.js';

export interface Reply<T = unknown> {
  status: number;
  body: { data: T; code?: string; fields?: Record<string, string> };
  headers: Record<string, unknown>;
}

/**
 * Calls the app in-process the way the web client does: JSON bodies, the ssid header, an
 * Idempotency-Key; or as a help desk does, with an operator `token` (the staff API).
 */
export async function call<T = unknown>(
  h: Harness,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; ssid?: string; ip?: string; key?: string; token?: string; lang?: string } = {},
): Promise<Reply<T>> {
  const res = await h.app.inject({
    method,
    url,
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.ssid ? { ssid: opts.ssid } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now()}.${counter++}@example.com`;

/** Signs a new customer up through the real flow, reading the code from the SMTP server. */
export async function signUp(
  h: Harness,
  email = uniqueEmail(),
  password = 'correct horse 1',
  extra: { AffCode?: string } = {},
) {
  const sent = await call(h, 'POST', '/api/register/code', { body: { Email: email } });
  if (sent.status !== 200) throw new Error(`register/code failed: ${JSON.stringify(sent.body)}`);
  const code = h.mail.code(email);
  const res = await call<{ session_id: string; user_id: number; expire_at: string }>(h, 'POST', '/api/register', {
    body: { Email: email, Password: password, Code: code, AgreeTerms: true, ...extra },
  });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { email, password, ssid: res.body.data.session_id, userId: res.body.data.user_id };
}
