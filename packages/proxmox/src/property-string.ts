/** A parsed Proxmox property string: `virtio=AA:BB,bridge=vmbr0` → `{ virtio: 'AA:BB', bridge: 'vmbr0' }`. */
export type PropertyMap = Record<string, string>;

/** Values accepted when building a property string; undefined entries are skipped, booleans become 1/0. */
export type PropertyInput = Record<string, string | number | boolean | undefined>;

/** Options for property strings whose schema has a `default_key` (e.g. `model` in `net[n]`). */
export interface PropertyStringOptions {
  /** The sub-key that may be written without `key=`; it is emitted first when present. */
  defaultKey?: string;
}

function valueToString(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** Builds `key=value,…`, putting the default key's bare value first (`virtio,bridge=vmbr0`). */
export function buildPropertyString(input: PropertyInput, opts: PropertyStringOptions = {}): string {
  const parts: string[] = [];
  const def = opts.defaultKey;
  const defValue = def === undefined ? undefined : input[def];
  if (defValue !== undefined) parts.push(valueToString(defValue));
  for (const [key, value] of Object.entries(input)) {
    if (key === def || value === undefined) continue;
    if (/[,=]/.test(key)) throw new Error(`invalid property key ${key}`);
    parts.push(`${key}=${valueToString(value)}`);
  }
  return parts.join(',');
}

/** Parses `key=value,…`; a bare item is stored under the default key (or as a flag with value ''). */
export function parsePropertyString(text: string, opts: PropertyStringOptions = {}): PropertyMap {
  const out: PropertyMap = {};
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq === -1) {
      out[opts.defaultKey ?? item] = opts.defaultKey === undefined ? '' : item;
    } else {
      out[item.slice(0, eq)] = item.slice(eq + 1);
    }
  }
  return out;
}

/** Options of a `net[n]` value; `model` is the default key and `macaddr` may ride on it as `virtio=MAC`. */
export interface NetConfig {
  model: string;
  macaddr?: string;
  bridge?: string;
  firewall?: boolean;
  /** Megabytes per second (100 Mbit/s = 12.5). */
  rate?: number;
  tag?: number;
  [extra: string]: string | number | boolean | undefined;
}

/** Builds a `net0` value such as `virtio,bridge=vmbr0,firewall=1`. */
export function buildNet(net: NetConfig): string {
  return buildPropertyString(net, { defaultKey: 'model' });
}

const NET_MODELS = [
  'virtio',
  'e1000',
  'e1000e',
  'rtl8139',
  'vmxnet3',
  'i82551',
  'i82557b',
  'i82559er',
  'ne2k_isa',
  'ne2k_pci',
  'pcnet',
];

/** Parses a `net0` value; Proxmox writes the MAC as `virtio=BC:24:…`, which becomes model + macaddr. */
export function parseNet(text: string): PropertyMap {
  const map = parsePropertyString(text, { defaultKey: 'model' });
  for (const model of NET_MODELS) {
    const mac = map[model];
    if (mac === undefined) continue;
    delete map[model];
    map.model = model;
    if (mac !== '') map.macaddr = mac;
  }
  return map;
}

/** Cloud-init IP settings for `ipconfig[n]`. */
export interface IpConfig {
  ip?: string;
  gw?: string;
  ip6?: string;
  gw6?: string;
}

/** Builds an `ipconfig0` value such as `ip=203.0.113.10/24,gw=203.0.113.1`. */
export function buildIpConfig(cfg: IpConfig): string {
  return buildPropertyString({ ip: cfg.ip, gw: cfg.gw, ip6: cfg.ip6, gw6: cfg.gw6 });
}
