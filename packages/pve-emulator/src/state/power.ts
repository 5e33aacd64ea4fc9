import { cloudInitHash, defaultUser } from './config-ops.js';
import { applyPending } from './pending.js';
import type { VmState } from './types.js';

/** Boots a VM; cloud-init re-applies the password when its data changed since the last boot. */
export function bootVm(vm: VmState): void {
  applyPending(vm);
  vm.status = 'running';
  vm.qmpstatus = 'running';
  vm.startedAt = Date.now();
  const hash = cloudInitHash(vm);
  if (hash !== vm.ciBootHash) {
    vm.ciBootHash = hash;
    if (vm.ciPlain !== undefined) vm.guestPasswords[vm.config.ciuser ?? defaultUser(vm)] = vm.ciPlain;
  }
}

/** Powers a VM off. */
export function haltVm(vm: VmState): void {
  vm.status = 'stopped';
  vm.qmpstatus = 'stopped';
  vm.startedAt = undefined;
  vm.stoppedAt = Date.now();
}
