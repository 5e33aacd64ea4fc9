import type { VmState } from './types.js';

// Keys qemu-server writes straight into a running VM's config; the rest wait in [PENDING] for a reboot.
const ALWAYS_HOT =
  /^(name|description|onboot|tags|protection|startup|lock|balloon|ci\w+|ipconfig\d+|sshkeys|nameserver|searchdomain)$/;

/** Whether a change to `key` applies now (stopped VM or hotpluggable) rather than going to [PENDING]. */
export function hotpluggable(vm: VmState, key: string): boolean {
  if (vm.status !== 'running' || ALWAYS_HOT.test(key)) return true;
  const hotplug = (vm.config.hotplug ?? 'network,disk,usb').split(',');
  if (/^net\d+$/.test(key)) return hotplug.includes('network');
  if (/^(scsi|virtio|sata|unused)\d+$/.test(key)) return hotplug.includes('disk');
  if (/^usb\d+$/.test(key)) return hotplug.includes('usb');
  if (key === 'memory') return hotplug.includes('memory');
  if (key === 'vcpus') return hotplug.includes('cpu');
  return false;
}

/** Moves pending changes into the config; qemu-server does this when the VM (re)starts. */
export function applyPending(vm: VmState): void {
  for (const [key, value] of Object.entries(vm.pending)) {
    if (value === null) delete vm.config[key];
    else vm.config[key] = value;
  }
  vm.pending = {};
}

/** The config with pending values applied, which GET config returns unless `current=1`. */
export function effectiveConfig(vm: VmState): Record<string, string> {
  const out = { ...vm.config };
  for (const [key, value] of Object.entries(vm.pending)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}
