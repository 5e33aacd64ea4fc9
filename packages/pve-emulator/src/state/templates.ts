import type { OsInfo } from './types.js';

/** A seeded cloud-init template, as exposed on `emulator.templates`. */
export interface TemplateInfo {
  name: string;
  vmid: number;
  distribution: string;
  version: string;
  ostype: string;
}

interface TemplateSeed extends TemplateInfo {
  os: OsInfo;
  diskGb: number;
  memory: number;
}

function linux(id: string, name: string, pretty: string, versionId: string, kernel: string): OsInfo {
  return {
    id,
    name,
    prettyName: pretty,
    version: pretty.replace(`${name} `, ''),
    versionId,
    kernelRelease: kernel,
    kernelVersion: '#1 SMP PREEMPT_DYNAMIC',
    windows: false,
  };
}

/** The OS a VM created from scratch (not cloned or restored) reports. */
export const DEFAULT_OS = linux('debian', 'Debian GNU/Linux', 'Debian GNU/Linux 12 (bookworm)', '12', '6.1.0-28-amd64');

export const TEMPLATE_SEEDS: TemplateSeed[] = [
  {
    name: 'debian-12-cloud',
    vmid: 9000,
    distribution: 'debian',
    version: '12',
    ostype: 'l26',
    diskGb: 3,
    memory: 2048,
    os: DEFAULT_OS,
  },
  {
    name: 'ubuntu-24.04-cloud',
    vmid: 9001,
    distribution: 'ubuntu',
    version: '24.04',
    ostype: 'l26',
    diskGb: 4,
    memory: 2048,
    os: linux('ubuntu', 'Ubuntu', 'Ubuntu 24.04.1 LTS', '24.04', '6.8.0-49-generic'),
  },
  {
    name: 'rocky-9-cloud',
    vmid: 9002,
    distribution: 'rocky',
    version: '9',
    ostype: 'l26',
    diskGb: 10,
    memory: 2048,
    os: linux('rocky', 'Rocky Linux', 'Rocky Linux 9.5 (Blue Onyx)', '9.5', '5.14.0-503.14.1.el9_5.x86_64'),
  },
  {
    name: 'almalinux-9-cloud',
    vmid: 9003,
    distribution: 'almalinux',
    version: '9',
    ostype: 'l26',
    diskGb: 10,
    memory: 2048,
    os: linux('almalinux', 'AlmaLinux', 'AlmaLinux 9.5 (Teal Serval)', '9.5', '5.14.0-503.11.1.el9_5.x86_64'),
  },
  {
    name: 'windows-server-2022',
    vmid: 9004,
    distribution: 'windows',
    version: '2022',
    ostype: 'win11',
    diskGb: 40,
    memory: 4096,
    os: {
      id: 'mswindows',
      name: 'Microsoft Windows',
      prettyName: 'Windows Server 2022 Standard',
      version: 'Microsoft Windows Server 2022',
      versionId: '2022',
      kernelRelease: '20348',
      kernelVersion: '10.0',
      windows: true,
    },
  },
];

/** Builds a template's realistic config: shared-storage disk, virtio NIC, agent, cloud-init drive. */
export function templateConfig(t: TemplateSeed, storage: string, bridge: string, mac: string): Record<string, string> {
  const config: Record<string, string> = {
    name: t.name,
    ostype: t.ostype,
    template: '1',
    cores: '2',
    sockets: '1',
    memory: String(t.memory),
    cpu: 'x86-64-v2-AES',
    scsihw: 'virtio-scsi-single',
    boot: 'order=scsi0',
    agent: '1',
    scsi0: `${storage}:base-${t.vmid}-disk-0,discard=on,iothread=1,size=${t.diskGb}G`,
    net0: `virtio=${mac},bridge=${bridge}`,
    serial0: 'socket',
    vga: 'serial0',
    meta: 'creation-qemu=9.0.2,ctime=1735689600',
    smbios1: `uuid=00000000-0000-4000-8000-00000000${t.vmid}`,
    vmgenid: `00000000-0000-4000-9000-00000000${t.vmid}`,
  };
  if (t.os.windows) {
    config.vga = 'std';
    delete config.serial0;
    config.bios = 'ovmf';
  } else {
    config.ide2 = `${storage}:vm-${t.vmid}-cloudinit,media=cdrom`;
  }
  return config;
}
