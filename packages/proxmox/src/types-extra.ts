// Result types of firewall, console and guest-agent calls; decoders live in decode-extra.ts.

/** One VM firewall rule. */
export interface FirewallRule {
  pos: number;
  type: string;
  action: string;
  enable: boolean;
  proto?: string;
  source?: string;
  dest?: string;
  sport?: string;
  dport?: string;
  iface?: string;
  macro?: string;
  comment?: string;
  log?: string;
  digest?: string;
}

/** VM firewall options. */
export interface FirewallOptions {
  enable: boolean;
  policy_in?: string;
  policy_out?: string;
  macfilter?: boolean;
  ipfilter?: boolean;
  dhcp?: boolean;
  ndp?: boolean;
  radv?: boolean;
  log_level_in?: string;
  log_level_out?: string;
  digest?: string;
}

/** `vncproxy` / `termproxy` answer; `port` arrives as a string or an int. */
export interface ConsoleTicket {
  port: number;
  ticket: string;
  user: string;
  upid: string;
  /** vncproxy only: the VNC password (use `password ?? ticket` as the RFB secret). */
  password?: string;
  cert?: string;
}

/** A guest network interface from `agent/network-get-interfaces`. */
export interface GuestInterface {
  name: string;
  hardwareAddress?: string;
  addresses: { type: 'ipv4' | 'ipv6' | string; address: string; prefix: number }[];
}

/** `agent/get-osinfo` result (qemu-ga field names). */
export interface GuestOsInfo {
  id?: string;
  name?: string;
  prettyName?: string;
  version?: string;
  versionId?: string;
  kernelRelease?: string;
  machine?: string;
}
