import https from 'node:https';
import http from 'node:http';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';

/** TLS settings for a Proxmox host. */
export interface TlsOptions {
  /** SHA-256 of the node's leaf certificate, colon-hex as Proxmox shows it (`GET /nodes` ssl_fingerprint). */
  fingerprint?: string;
  /** Extra trusted CA (e.g. /etc/pve/pve-root-ca.pem) when not pinning. */
  ca?: string | Buffer;
  /** Normal CA verification when no fingerprint is pinned; default true. */
  rejectUnauthorized?: boolean;
  /** Name to verify the certificate against when the URL uses an IP address. */
  servername?: string;
}

/** Thrown when the server certificate does not match the pinned fingerprint. */
export class PinningError extends Error {
  readonly code = 'ERR_PROXMOX_CERT_PIN';
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`TLS certificate fingerprint mismatch: expected ${expected}, got ${actual}`);
    this.name = 'PinningError';
  }
}

/** Normalises a fingerprint to upper-case colon-hex (accepts plain hex or any case). */
export function normaliseFingerprint(fp: string): string {
  const hex = fp.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? '';
}

/** Compares a certificate against a pin; returns a PinningError on mismatch. */
export function checkPin(expected: string, cert: { fingerprint256?: string } | undefined): PinningError | undefined {
  const actual = normaliseFingerprint(cert?.fingerprint256 ?? '');
  const want = normaliseFingerprint(expected);
  return actual !== '' && actual === want ? undefined : new PinningError(want, actual || '(none)');
}

type ConnectCallback = (err: Error | null, socket: Duplex) => void;

/**
 * An https.Agent that pins the leaf certificate. OpenSSL's chain check fails first for a
 * self-signed Proxmox certificate, and Node then skips checkServerIdentity, so the chain check is
 * disabled and the pin is verified after the handshake, before the socket is handed to the request.
 */
class PinnedAgent extends https.Agent {
  constructor(
    private readonly fingerprint: string,
    opts: https.AgentOptions,
  ) {
    super(opts);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectCallback): Duplex | null | undefined {
    let done = false;
    // destroy(err) also emits 'error'; the agent must hear about the socket only once.
    const reply: ConnectCallback = (err, s) => {
      if (done) return;
      done = true;
      callback?.(err, s);
    };
    const socket = tls.connect({
      ...(options as tls.ConnectionOptions),
      rejectUnauthorized: false,
      // Called by Node when the chain happens to verify; the same pin rule applies.
      checkServerIdentity: (_host, cert) => checkPin(this.fingerprint, cert),
    });
    socket.once('secureConnect', () => {
      const err = checkPin(this.fingerprint, socket.getPeerCertificate());
      if (err) {
        socket.destroy(err);
        reply(err, socket);
      } else reply(null, socket);
    });
    socket.once('error', (err) => reply(err, socket));
    return undefined;
  }
}

/** Creates the agent for a base URL: keep-alive, and pinned when a fingerprint is given. */
export function createAgent(baseUrl: string, tlsOpts: TlsOptions = {}, keepAlive = true): http.Agent {
  // Without keep-alive, an unbounded maxSockets makes Node send `Connection: close`.
  const common = keepAlive
    ? { keepAlive, maxSockets: 16, keepAliveMsecs: 10_000 }
    : { keepAlive, maxSockets: Infinity };
  if (!baseUrl.startsWith('https:')) return new http.Agent(common);
  if (tlsOpts.fingerprint) return new PinnedAgent(tlsOpts.fingerprint, common);
  return new https.Agent({
    ...common,
    ...(tlsOpts.ca === undefined ? {} : { ca: tlsOpts.ca }),
    ...(tlsOpts.servername === undefined ? {} : { servername: tlsOpts.servername }),
    rejectUnauthorized: tlsOpts.rejectUnauthorized ?? true,
  });
}
