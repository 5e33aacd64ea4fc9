// Proxmox's checks of a firewall rule's fields (pve-firewall's address and port formats, and what
// it refuses across fields), as plain functions: the server's schemas run them, and the web's rule
// form runs the same ones without loading the request schemas (zod's schema kinds would load with
// the sign-in page).

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const isIpv6 = (v: string) =>
  /^[0-9a-fA-F:.]+$/.test(v) &&
  v.includes(':') &&
  (v.match(/::/g) ?? []).length <= 1 &&
  v.split(':').every((g) => g.length <= 4 || IPV4.test(g));
/** One address or network: IPv4/IPv6 with an optional prefix, or a range `a-b` of one family. */
export function isFirewallAddress(v: string): boolean {
  const one = (s: string) => {
    const [addr, prefix, extra] = s.split('/');
    if (extra !== undefined || !addr) return false;
    const v4 = IPV4.test(addr);
    if (!v4 && !isIpv6(addr)) return false;
    if (prefix === undefined) return true;
    if (!/^\d{1,3}$/.test(prefix)) return false;
    return Number(prefix) <= (v4 ? 32 : 128);
  };
  const range = (s: string) => {
    const [a, b] = s.split('-');
    return !!a && !!b && !a.includes('/') && !b.includes('/') && one(a) && one(b) && IPV4.test(a) === IPV4.test(b);
  };
  const items = v.split(',');
  return items.length <= 20 && items.every((s) => (s.includes('-') ? range(s) : one(s)));
}
/** Ports: numbers 1–65535, ranges `a:b` with a ≤ b, comma separated. */
export function isFirewallPorts(v: string): boolean {
  const port = (s: string) => /^\d{1,5}$/.test(s) && Number(s) >= 1 && Number(s) <= 65535;
  const items = v.split(',');
  return (
    items.length <= 20 &&
    items.every((s) => {
      const [a, b, extra] = s.split(':');
      if (extra !== undefined || !a || !port(a)) return false;
      return b === undefined || (port(b) && Number(a) <= Number(b));
    })
  );
}

/** The fields of a rule that the checks across fields look at. */
export type RuleShape = {
  Protocol: string;
  Source: string;
  SourcePort: string;
  Destination: string;
  DestinationPort: string;
};

/** The IP versions an address list names (4, 6 or both); empty for an empty list. */
const ipVersions = (v: string) => new Set(v ? v.split(',').map((s) => (s.includes(':') ? 6 : 4)) : []);

/**
 * What Proxmox refuses across a rule's fields, by field: ports without tcp or udp, and IP versions
 * that conflict (pve-firewall's "conflicting ipversion specification": IPv4 and IPv6 in one rule,
 * icmp with IPv6, ipv6-icmp with IPv4). The web form shows the same errors before sending.
 */
export function firewallRuleConflicts(
  r: RuleShape,
): Partial<Record<keyof RuleShape, 'ports_need_protocol' | 'invalid_address'>> {
  const out: Partial<Record<keyof RuleShape, 'ports_need_protocol' | 'invalid_address'>> = {};
  if (r.Protocol !== 'tcp' && r.Protocol !== 'udp') {
    if (r.SourcePort) out.SourcePort = 'ports_need_protocol';
    if (r.DestinationPort) out.DestinationPort = 'ports_need_protocol';
  }
  const want = r.Protocol === 'icmp' ? 4 : r.Protocol === 'ipv6-icmp' ? 6 : undefined;
  let seen = want;
  for (const f of ['Source', 'Destination'] as const) {
    const versions = ipVersions(r[f]);
    const v = versions.size === 1 ? [...versions][0] : undefined;
    if (versions.size > 1 || (v !== undefined && seen !== undefined && v !== seen)) out[f] = 'invalid_address';
    seen ??= v;
  }
  return out;
}
