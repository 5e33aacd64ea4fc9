/** Cheap checks for Proxmox's named string formats; an unknown format passes, like a lenient server. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]+(%\w+)?$/;

function isIp(v: string): boolean {
  return IPV4.test(v) || (v.includes(':') && IPV6.test(v));
}

function isCidr(v: string): boolean {
  const [ip, mask, extra] = v.split('/');
  if (extra !== undefined || ip === undefined) return false;
  if (mask === undefined) return isIp(ip);
  const max = IPV4.test(ip) ? 32 : 128;
  return isIp(ip) && /^\d+$/.test(mask) && Number(mask) <= max;
}

// Messages follow pve-common's verifiers; check_format prefixes them with "invalid format - ".
const CHECKS: Record<string, (v: string) => string | undefined> = {
  'pve-node': (v) =>
    /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(v) ? undefined : `value does not look like a valid node name`,
  'pve-vmid': (v) => (/^\d+$/.test(v) ? undefined : `value does not look like a valid VM ID`),
  'pve-storage-id': (v) =>
    /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i.test(v) ? undefined : `storage ID '${v}' contains illegal characters`,
  'pve-configid': (v) => (/^[a-z][a-z0-9_-]+$/i.test(v) ? undefined : `invalid configuration ID '${v}'`),
  'pve-configid-list': (v) =>
    v.split(/[,;\s]+/).every((id) => id === '' || /^[a-z][a-z0-9_-]+$/i.test(id))
      ? undefined
      : `invalid configuration ID '${v}'`,
  'pve-vmid-list': (v) => (/^\d+([,;\s]+\d+)*$/.test(v) ? undefined : `value '${v}' does not look like a valid VM ID`),
  'pve-bridge-id': (v) => (/^[-_.\w\d]+$/.test(v) ? undefined : `'${v}' is not a valid bridge name`),
  'pve-poolid': (v) => (/^[A-Za-z0-9_-]+$/.test(v) ? undefined : `pool name '${v}' contains illegal characters`),
  'pve-realm': (v) => (/^[A-Za-z][A-Za-z0-9.\-_]+$/.test(v) ? undefined : `realm '${v}' contains illegal characters`),
  'dns-name': (v) =>
    /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/.test(v)
      ? undefined
      : `value does not look like a valid DNS name`,
  urlencoded: (v) => (/^[-%a-zA-Z0-9_.!~*'()]*$/.test(v) ? undefined : `invalid urlencoded string: ${v}`),
  'mac-addr': (v) =>
    /^[0-9a-f][02468ace](?::[0-9a-f]{2}){5}$/i.test(v)
      ? undefined
      : `value does not look like a valid unicast MAC address`,
  'disk-size': (v) => (/^\d+(\.\d+)?[KMGT]?$/.test(v) ? undefined : `unable to parse size '${v}'`),
  email: (v) =>
    /^[\w+\-~]+(\.[\w+\-~]+)*@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*$/.test(v)
      ? undefined
      : `value does not look like a valid email address`,
  ip: (v) => (isIp(v) ? undefined : `value does not look like a valid IP address`),
  ipv4: (v) => (IPV4.test(v) ? undefined : `value does not look like a valid IPv4 address`),
  CIDR: (v) => (isCidr(v) ? undefined : `value does not look like a valid CIDR network`),
  IPorCIDR: (v) => (isCidr(v) ? undefined : `value does not look like a valid IP address or CIDR network`),
  'address-list': (v) =>
    v.split(/[,;\s]+/).every((a) => a === '' || isIp(a)) ? undefined : `value does not look like a valid address list`,
  'pve-tag-list': (v) =>
    v.split(/[,;\s]+/).every((t) => t === '' || /^[a-z0-9_][a-z0-9_\-+.]*$/i.test(t))
      ? undefined
      : `invalid tag list '${v}'`,
};

/** Returns Proxmox's error text for `value` in the named format, or undefined when it is acceptable. */
export function checkNamedFormat(format: string, value: string): string | undefined {
  const check = CHECKS[format];
  return check ? check(value) : undefined;
}
