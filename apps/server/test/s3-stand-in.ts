import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * An S3-compatible server on 127.0.0.1 for tests: path-style PutObject, GetObject and DeleteObject
 * on one bucket, each request's AWS Signature Version 4 verified as S3 does (canonical request,
 * string to sign, signing key, payload hash), so a client that signs wrongly is refused with 403.
 * Written from the SigV4 specification, independently of the AWS SDK it checks.
 */
export class S3StandIn {
  readonly objects = new Map<string, StoredObject>();
  /** Every request answered: method, object key, status, and whether its payload hash was signed. */
  readonly log: { method: string; key: string; status: number; signedPayload: boolean }[] = [];
  secretAccessKey: string;
  private server: Server;
  port = 0;

  constructor(
    readonly bucket: string,
    readonly accessKeyId: string,
    secretAccessKey: string,
    readonly region = 'us-east-1',
  ) {
    this.secretAccessKey = secretAccessKey;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const answer = (status: number, code?: string, extra: Record<string, string> = {}, payload?: Buffer) => {
      const signedPayload = /^[0-9a-f]{64}$/.test(String(req.headers['x-amz-content-sha256']));
      this.log.push({ method: req.method ?? '', key, status, signedPayload });
      const xml = code
        ? Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
        : null;
      res.writeHead(status, { ...(xml ? { 'content-type': 'application/xml' } : {}), ...extra });
      res.end(payload ?? xml ?? undefined);
    };
    const refused = this.verify(req, body);
    if (refused) return answer(403, refused);
    if (bucket !== this.bucket) return answer(404, 'NoSuchBucket');
    if (!key) return answer(400, 'InvalidRequest');
    if (req.method === 'PUT') {
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      return answer(200, undefined, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    }
    if (req.method === 'GET') {
      const o = this.objects.get(key);
      if (!o) return answer(404, 'NoSuchKey');
      return answer(200, undefined, { 'content-type': o.contentType, 'content-length': String(o.body.length) }, o.body);
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return answer(204);
    }
    return answer(405, 'MethodNotAllowed');
  }

  /** The S3 error code refusing the request's signature, or undefined when it is right. */
  private verify(req: IncomingMessage, body: Buffer): string | undefined {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!auth) return 'AccessDenied';
    const [accessKeyId, day, region, service, terminator] = auth[1]!.split('/');
    if (accessKeyId !== this.accessKeyId) return 'InvalidAccessKeyId';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return 'AccessDenied';
    const when = Date.UTC(
      +amzDate.slice(0, 4),
      +amzDate.slice(4, 6) - 1,
      +amzDate.slice(6, 8),
      +amzDate.slice(9, 11),
      +amzDate.slice(11, 13),
      +amzDate.slice(13, 15),
    );
    if (Math.abs(Date.now() - when) > 15 * 60_000) return 'RequestTimeTooSkewed';
    if (region !== this.region || service !== 's3' || terminator !== 'aws4_request')
      return 'AuthorizationHeaderMalformed';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      if (!/^[0-9a-f]{64}$/.test(payloadHash)) return 'NotImplemented';
      if (createHash('sha256').update(body).digest('hex') !== payloadHash) return 'XAmzContentSHA256Mismatch';
    }
    const signed = auth[2]!.split(';');
    if (!signed.includes('host') || !signed.includes('x-amz-date')) return 'AccessDenied';
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const encode = (s: string) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signed.map((name) => {
      const value = req.headers[name];
      return `${name}:${[value ?? ''].flat().join(',').trim().replace(/\s+/g, ' ')}\n`;
    });
    const canonical = [req.method, url.pathname, query, headers.join(''), signed.join(';'), payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join(
      '\n',
    );
    const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${this.secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    const expected = hmac(signingKey, toSign);
    return timingSafeEqual(expected, Buffer.from(auth[3]!, 'hex')) ? undefined : 'SignatureDoesNotMatch';
  }
}
