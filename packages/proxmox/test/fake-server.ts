import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake server received it. */
export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A handler answers one request; `n` counts requests so far (1-based). */
export type Handler = (req: Seen, res: http.ServerResponse, n: number) => void;

/** Starts a plain HTTP server on 127.0.0.1:0 that records every request. */
export async function startFake(handler: Handler): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(s);
      handler(s, res, seen.length);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Answers `{data}` with status 200. */
export function ok(res: http.ServerResponse, data: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
}

/** Answers an error the way pveproxy does: the reason in the status line, `{data:null}` body. */
export function fail(
  res: http.ServerResponse,
  status: number,
  reason: string,
  extra: Record<string, unknown> = {},
): void {
  res.writeHead(status, reason, { 'content-type': 'application/json' }).end(JSON.stringify({ data: null, ...extra }));
}
