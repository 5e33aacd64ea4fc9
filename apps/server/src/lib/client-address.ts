import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as the config reads it: false, true, a number of proxy hops, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string;
type TrustFn = (addr: string, i: number) => boolean;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A number is passed as a function trusting that many hops
 * from the server (Fastify's own number handling trusts none).
 */
export function trustProxyOption(tp: TrustProxy): boolean | string | TrustFn {
  return typeof tp === 'number' ? (_addr: string, i: number) => i < tp : tp;
}

/**
 * The client's address of a raw request, as Fastify's `request.ip` gives it under
 * trustProxyOption(tp): the socket's peer, or the last address of X-Forwarded-For that a trusted
 * proxy added. For code that runs before Fastify makes its request (the API's rate limit is keyed
 * by it both there and in Fastify's hooks).
 */
export function clientAddress(tp: TrustProxy): (raw: IncomingMessage) => string {
  if (tp === false) return (raw) => raw.socket.remoteAddress ?? '';
  const option = trustProxyOption(tp);
  const trust: TrustFn =
    typeof option === 'function'
      ? option
      : option === true
        ? () => true
        : proxyAddr.compile(
            String(option)
              .split(',')
              .map((a) => a.trim()),
          );
  return (raw) => {
    const all = proxyAddr.all(raw, trust);
    return all[all.length - 1] ?? '';
  };
}
