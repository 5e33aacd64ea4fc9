/** What a guest OS reports through the agent; keyed by the template it was cloned from. */
export interface OsInfo {
  id: string;
  name: string;
  prettyName: string;
  version: string;
  versionId: string;
  kernelRelease: string;
  kernelVersion: string;
  windows: boolean;
}

/** A VM snapshot: the config at that moment plus Proxmox's listing fields. */
export interface Snapshot {
  name: string;
  description: string;
  snaptime: number;
  vmstate: number;
  parent?: string;
  config: Record<string, string>;
  running: boolean;
}

/** A VM's firewall file (`/etc/pve/firewall/<vmid>.fw`). */
export interface VmFirewall {
  rules: Record<string, string>[];
  options: Record<string, string>;
  ipsets: Map<string, { comment?: string; entries: Record<string, string>[] }>;
}

/** Everything the emulator knows about one VM. */
export interface VmState {
  vmid: number;
  node: string;
  config: Record<string, string>;
  status: 'running' | 'stopped';
  qmpstatus: 'running' | 'paused' | 'stopped';
  createdAt: number;
  startedAt?: number;
  stoppedAt?: number;
  os: OsInfo;
  snapshots: Snapshot[];
  currentParent?: string;
  firewall: VmFirewall;
  /** Plain-text guest passwords by user, as cloud-init or the guest agent last set them. */
  guestPasswords: Record<string, string>;
  /** Plain cloud-init password (the config only holds its hash), applied at the next boot. */
  ciPlain?: string;
  /** Hash of the cloud-init data the guest last booted with; a change re-runs cloud-init. */
  ciBootHash?: string;
  /** Changes waiting for the next boot (null = pending delete), like the config's [PENDING] section. */
  pending: Record<string, string | null>;
  /** UPID of the task holding the VM's flock (/var/lock/qemu-server/lock-<vmid>.conf). */
  flock?: string;
}

/** The read-only view tests get through `emulator.vm(vmid)`. */
export interface VmView {
  vmid: number;
  node: string;
  status: 'running' | 'stopped';
  qmpstatus: 'running' | 'paused' | 'stopped';
  config: Record<string, string>;
  lock: string | undefined;
  snapshots: string[];
  /** The guest OS its agent reports (it comes with the template a VM was cloned from). */
  osPrettyName: string;
}

/** A vzdump archive in the backup storage. */
export interface BackupVolume {
  volid: string;
  vmid: number;
  ctime: number;
  size: number;
  notes: string;
  protected: boolean;
  config: Record<string, string>;
  os: OsInfo;
}
