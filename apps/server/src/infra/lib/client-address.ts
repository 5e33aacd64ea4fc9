import { isIPv6 } from 'node:net';

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
 * The address a per-address limit counts `ip` under: an IPv6 address by its /64 (one customer's
 * line or one host usually gets a whole /64, so counting each of its 2^64 addresses apart would
 * make every such limit worthless), an IPv4-mapped IPv6 address as the IPv4 address, IPv4 as is.
 */
export function limitAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  // A trailing dotted quad is the last two groups; it never reaches the first four.
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = bare.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
