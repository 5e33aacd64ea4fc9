import { fail } from '../api/errors.js';
import { hashInts } from './prng.js';
import { TaskStore } from './tasks.js';
import { TEMPLATE_SEEDS, templateConfig } from './templates.js';
import type { TemplateInfo } from './templates.js';
import type { BackupVolume, OsInfo, VmState } from './types.js';

/** Resolved cluster options (defaults applied). */
export interface ClusterConfig {
  name: string;
  nodes: string[];
  storage: string;
  backupStorage: string;
  bridge: string;
  seed: number;
  speed: number;
  schema: 8 | 9;
}

/** The whole emulated cluster: nodes, VMs, backups and tasks. */
export class Cluster {
  readonly vms = new Map<number, VmState>();
  readonly backups = new Map<string, BackupVolume>();
  readonly tasks: TaskStore;
  readonly templates: TemplateInfo[];
  readonly bootedAt = Math.floor(Date.now() / 1000) - 86_400 * 12;

  constructor(readonly cfg: ClusterConfig) {
    this.tasks = new TaskStore(cfg.speed);
    const first = cfg.nodes[0] ?? 'pve1';
    this.templates = TEMPLATE_SEEDS.map(({ name, vmid, distribution, version, ostype }) => ({
      name,
      vmid,
      distribution,
      version,
      ostype,
    }));
    for (const t of TEMPLATE_SEEDS) {
      const config = templateConfig(t, cfg.storage, cfg.bridge, this.mac(t.vmid));
      this.vms.set(t.vmid, this.newVm(t.vmid, first, config, t.os));
    }
  }

  /** A fresh stopped VM record. */
  newVm(vmid: number, node: string, config: Record<string, string>, os: OsInfo): VmState {
    return {
      vmid,
      node,
      config,
      os,
      status: 'stopped',
      qmpstatus: 'stopped',
      createdAt: Date.now(),
      snapshots: [],
      pending: {},
      firewall: { rules: [], options: {}, ipsets: new Map() },
      guestPasswords: {},
    };
  }

  /** A deterministic locally administered unicast MAC for a VM. */
  mac(vmid: number, salt = 0): string {
    const h = hashInts(this.cfg.seed, vmid, salt);
    const bytes = [0xbc, 0x24, 0x11, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff];
    return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  }

  /** Fails like pveproxy when a node is not part of the cluster. */
  requireNode(node: string): void {
    if (!this.cfg.nodes.includes(node)) {
      throw fail(
        `hostname lookup '${node}' failed - failed to get address info for: ${node}: Name or service not known`,
      );
    }
  }

  /** Returns the VM on `node`, failing with Proxmox's missing-config error otherwise. */
  requireVm(node: string, vmid: number): VmState {
    this.requireNode(node);
    const vm = this.vms.get(vmid);
    if (!vm || vm.node !== node) {
      throw fail(`Configuration file 'nodes/${node}/qemu-server/${vmid}.conf' does not exist`);
    }
    return vm;
  }

  /** The lowest free VMID from 100, as `/cluster/nextid` picks it. */
  nextId(): number {
    let id = 100;
    while (this.vms.has(id)) id++;
    return id;
  }

  /** Node that hosts a given VMID, for error messages about collisions. */
  ownerOf(vmid: number): string | undefined {
    return this.vms.get(vmid)?.node;
  }
}
