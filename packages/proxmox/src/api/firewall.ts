import { apiPath, type Params } from '../encoding.js';
import { arr, str, stringRecord } from '../decode.js';
import { decodeFirewallOptions, decodeRule } from '../decode-extra.js';
import { vmWrite, type ClientContext } from './context.js';
import type { FirewallOptions, FirewallRule } from '../types-extra.js';

/** Fields of a rule to create or update. `enable` defaults to 1 here: Proxmox defaults it to 0. */
export interface RuleParams {
  type?: 'in' | 'out' | 'group';
  action?: string;
  enable?: boolean;
  proto?: string;
  source?: string;
  dest?: string;
  sport?: string;
  dport?: string;
  iface?: string;
  macro?: string;
  'icmp-type'?: string;
  log?: string;
  comment?: string;
  /** The digest from the list you read; Proxmox refuses the edit if rules changed meanwhile. */
  digest?: string;
  pos?: number;
}

/** Options to set; `delete` removes keys. */
export type FirewallOptionsParams = Partial<Omit<FirewallOptions, 'digest'>> & { delete?: string; digest?: string };

/** VM firewall rules (addressed by position) and options; every write is serialised per VM. */
export class FirewallApi {
  constructor(private readonly ctx: ClientContext) {}

  /** `GET …/firewall/rules`. */
  async listRules(node: string, vmid: number): Promise<FirewallRule[]> {
    const data = await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/rules` });
    return arr(data).map(decodeRule);
  }

  /** `GET …/firewall/rules/{pos}`. */
  async getRule(node: string, vmid: number, pos: number): Promise<FirewallRule> {
    return decodeRule(
      await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/rules/${pos}` }),
    );
  }

  /** `POST …/firewall/rules`: inserted at position 0 unless `pos` is given; not re-sent on ambiguity. */
  async createRule(node: string, vmid: number, rule: RuleParams & { type: string; action: string }): Promise<void> {
    const params: Params = { ...rule, enable: rule.enable ?? true };
    await vmWrite(this.ctx, vmid, {
      method: 'POST',
      path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/rules`,
      params,
    });
  }

  /** `PUT …/firewall/rules/{pos}`; idempotent unless it moves the rule. */
  async updateRule(
    node: string,
    vmid: number,
    pos: number,
    rule: RuleParams & { moveto?: number; delete?: string },
  ): Promise<void> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/firewall/rules/${pos}`;
    const retry = rule.moveto === undefined ? 'idempotent' : 'refusal-only';
    await vmWrite(this.ctx, vmid, { method: 'PUT', path, params: { ...rule }, retry });
  }

  /**
   * `DELETE …/firewall/rules/{pos}`. Positions shift after a delete, so a blind re-send would delete
   * the next rule; it is only retried when a `digest` makes a replay fail instead.
   */
  async deleteRule(node: string, vmid: number, pos: number, digest?: string): Promise<void> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/firewall/rules/${pos}`;
    const retry = digest === undefined ? 'refusal-only' : 'idempotent';
    await vmWrite(this.ctx, vmid, { method: 'DELETE', path, params: { digest }, retry });
  }

  /** `GET …/firewall/options`. */
  async getOptions(node: string, vmid: number): Promise<FirewallOptions> {
    const data = await this.ctx.http.call({
      method: 'GET',
      path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/options`,
    });
    return decodeFirewallOptions(data);
  }

  /** `PUT …/firewall/options` (idempotent). */
  async setOptions(node: string, vmid: number, options: FirewallOptionsParams): Promise<void> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/firewall/options`;
    await vmWrite(this.ctx, vmid, { method: 'PUT', path, params: { ...options }, retry: 'idempotent' });
  }

  /** `GET …/firewall/ipset`: the VM's IP sets by name. */
  async ipsets(node: string, vmid: number): Promise<string[]> {
    const data = await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/ipset` });
    return arr(data).map((s) => str(stringRecord(s).name));
  }

  /** `POST …/firewall/ipset`: creates an IP set, e.g. `ipfilter-net0` (the anti-spoofing list of net0). */
  async createIpset(node: string, vmid: number, name: string, comment?: string): Promise<void> {
    await vmWrite(this.ctx, vmid, {
      method: 'POST',
      path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/ipset`,
      params: { name, comment },
    });
  }

  /** `GET …/firewall/ipset/{name}`: the set's CIDRs. */
  async ipsetEntries(node: string, vmid: number, name: string): Promise<string[]> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/firewall/ipset/${name}`;
    return arr(await this.ctx.http.call({ method: 'GET', path })).map((e) => str(stringRecord(e).cidr));
  }

  /** `POST …/firewall/ipset/{name}`: adds a CIDR to the set. */
  async addIpsetEntry(node: string, vmid: number, name: string, cidr: string): Promise<void> {
    await vmWrite(this.ctx, vmid, {
      method: 'POST',
      path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/ipset/${name}`,
      params: { cidr },
    });
  }

  /** `DELETE …/firewall/ipset/{name}/{cidr}`. */
  async removeIpsetEntry(node: string, vmid: number, name: string, cidr: string): Promise<void> {
    await vmWrite(this.ctx, vmid, {
      method: 'DELETE',
      path: apiPath`/nodes/${node}/qemu/${vmid}/firewall/ipset/${name}/${cidr}`,
      retry: 'idempotent',
    });
  }
}
