import { arr, bool, num, obj, optBool, optStr, str } from './decode.js';
import type * as T from './types-extra.js';

/** Decodes one firewall rule. */
export function decodeRule(v: unknown): T.FirewallRule {
  const o = obj(v);
  return {
    pos: num(o.pos),
    type: str(o.type),
    action: str(o.action),
    enable: bool(o.enable),
    proto: optStr(o.proto),
    source: optStr(o.source),
    dest: optStr(o.dest),
    sport: optStr(o.sport),
    dport: optStr(o.dport),
    iface: optStr(o.iface),
    macro: optStr(o.macro),
    comment: optStr(o.comment),
    log: optStr(o.log),
    digest: optStr(o.digest),
  };
}

/** Decodes VM firewall options. */
export function decodeFirewallOptions(v: unknown): T.FirewallOptions {
  const o = obj(v);
  return {
    enable: bool(o.enable),
    policy_in: optStr(o.policy_in),
    policy_out: optStr(o.policy_out),
    macfilter: optBool(o.macfilter),
    ipfilter: optBool(o.ipfilter),
    dhcp: optBool(o.dhcp),
    ndp: optBool(o.ndp),
    radv: optBool(o.radv),
    log_level_in: optStr(o.log_level_in),
    log_level_out: optStr(o.log_level_out),
    digest: optStr(o.digest),
  };
}

/** Decodes a vncproxy/termproxy answer (port as string or int). */
export function decodeConsoleTicket(v: unknown): T.ConsoleTicket {
  const o = obj(v);
  return {
    port: num(o.port),
    ticket: str(o.ticket),
    user: str(o.user),
    upid: str(o.upid),
    password: optStr(o.password),
    cert: optStr(o.cert),
  };
}

/** Decodes `agent/get-osinfo` (`{result: {…}}`, qemu-ga dash-separated names). */
export function decodeOsInfo(v: unknown): T.GuestOsInfo {
  const r = obj(obj(v).result);
  return {
    id: optStr(r.id),
    name: optStr(r.name),
    prettyName: optStr(r['pretty-name']),
    version: optStr(r.version),
    versionId: optStr(r['version-id']),
    kernelRelease: optStr(r['kernel-release']),
    machine: optStr(r.machine),
  };
}

/** Decodes `agent/network-get-interfaces` (`{result: [...]}`). */
export function decodeInterfaces(v: unknown): T.GuestInterface[] {
  return arr(obj(v).result).map((i) => {
    const o = obj(i);
    return {
      name: str(o.name),
      hardwareAddress: optStr(o['hardware-address']),
      addresses: arr(o['ip-addresses']).map((a) => {
        const ao = obj(a);
        return { type: str(ao['ip-address-type']), address: str(ao['ip-address']), prefix: num(ao.prefix) };
      }),
    };
  });
}
