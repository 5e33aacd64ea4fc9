import { expect } from 'vitest';
import type { Harness } from './harness.js';

let visitors = 0;
/** A browser of its own for each trip: the per-address limits are tested on their own. */
const nextIp = () => `10.77.${(visitors >> 8) & 255}.${visitors++ & 255}`;

export interface Trip {
  /** The provider's authorization address. */
  url: string;
  /** The browser's cookie (name=value) tying the trip to it. */
  cookie: string;
  setCookie: string;
  /** The address the browser starts and comes back from. */
  ip: string;
}

async function start(h: Harness, path: string, body: object, opts: { ssid?: string; ip?: string; cookie?: string }) {
  const res = await h.app.inject({
    method: 'POST',
    url: path,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...(opts.ssid ? { ssid: opts.ssid } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return res;
}

function trip(res: Awaited<ReturnType<typeof start>>, ip: string): Trip {
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  return { url: (res.json() as { data: { Url: string } }).data.Url, cookie: setCookie.split(';')[0]!, setCookie, ip };
}

/** POST api/oauth/login, as the login page's provider button does. */
export async function startLogin(
  h: Harness,
  Provider: string,
  opts: { Redirect?: string; AffCode?: string; ip?: string; cookie?: string } = {},
): Promise<Trip> {
  const { ip = nextIp(), cookie, ...rest } = opts;
  return trip(await start(h, '/api/oauth/login', { Provider, AgreeTerms: true, ...rest }, { ip, cookie }), ip);
}

/** POST api/user/identity/bind, as /me's Bind button does. */
export async function startBind(h: Harness, ssid: string, Provider: string): Promise<Trip> {
  const ip = nextIp();
  return trip(await start(h, '/api/user/identity/bind', { Provider }, { ssid, ip }), ip);
}

/** Raw answer of a start, for its errors. */
export const startRaw = start;

/**
 * The browser arriving back at the console from the provider (`back` is the provider's redirect),
 * with the trip's cookie: answers where the console sends it next.
 */
export async function arrive(h: Harness, back: URL, cookie?: string, ip = nextIp()): Promise<URL> {
  const res = await h.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return new URL(String(res.headers.location), 'http://console.test');
}

/** The query of a return to /login or /me as a plain object. */
export const paramsOf = (u: URL) => Object.fromEntries(u.searchParams);

/** POST api/oauth/session as /login does with its `oauth_code`, from the browser of `cookie`. */
export async function exchange(h: Harness, code: string, cookie?: string, ip = nextIp()) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/oauth/session',
    payload: JSON.stringify({ Code: code }),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: { session_id: string; user_id: number; expire_at: string }; code?: string },
  };
}

/**
 * Where a return lands, as /login sees it: a sign-in's one-time code traded for the session
 * (ssid, uid, expires beside the other params); any other return's params as they are.
 */
export async function landing(h: Harness, back: URL, cookie: string): Promise<Record<string, string>> {
  const { oauth_code: code, ...rest } = paramsOf(back);
  if (!code) return rest;
  expect(back.pathname).toBe('/login');
  const r = await exchange(h, code, cookie);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const s = r.body.data;
  return { ...rest, ssid: s.session_id, uid: String(s.user_id), expires: s.expire_at };
}
