import { bootVm, haltVm } from '../../state/power.js';
import type { VmState } from '../../state/types.js';
import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

type Step = (vm: VmState) => void;

function running(vm: VmState): void {
  if (vm.status !== 'running') throw new Error(`VM ${vm.vmid} not running`);
}

/** A power action: sync pre-checks (answered as HTTP 500) then a task whose work may fail like vm_start. */
function power(
  type: string,
  seconds: number,
  pre: Step | undefined,
  work: Step,
  lines: (vm: VmState) => string[] = () => [],
): Handler {
  return async (ctx: Ctx) => {
    const vm = ctx.vm();
    ctx.checkLock(vm);
    await ctx.flock(vm);
    if (pre) {
      try {
        pre(vm);
      } catch (err) {
        throw fail((err as Error).message);
      }
    }
    return ctx.task({
      node: vm.node,
      type,
      id: String(vm.vmid),
      seconds,
      lines: lines(vm),
      run: () => work(vm),
      holds: vm,
    });
  };
}

const template: Step = (vm) => {
  if (vm.config.template === '1') throw new Error(`you can't start a vm if it's a template`);
};

/** start/stop/shutdown/reboot/reset/suspend/resume with Proxmox's state rules. */
export const powerRoutes: Record<string, Handler> = {
  'POST /nodes/{node}/qemu/{vmid}/status/start': power(
    'qmstart',
    2,
    template,
    (vm) => {
      // vm_start runs inside the worker, so "already running" surfaces as a failed task.
      if (vm.status === 'running') throw new Error(`VM ${vm.vmid} already running`);
      bootVm(vm);
    },
    (vm) => [`generating cloud-init ISO`, `start VM ${vm.vmid}: UPID`],
  ),
  'POST /nodes/{node}/qemu/{vmid}/status/stop': power('qmstop', 1, undefined, (vm) => haltVm(vm)),
  'POST /nodes/{node}/qemu/{vmid}/status/shutdown': power('qmshutdown', 12, undefined, (vm) => {
    running(vm);
    haltVm(vm);
  }),
  'POST /nodes/{node}/qemu/{vmid}/status/reboot': power('qmreboot', 3, running, (vm) => {
    haltVm(vm);
    bootVm(vm);
  }),
  'POST /nodes/{node}/qemu/{vmid}/status/reset': power('qmreset', 0.5, running, (vm) => {
    vm.startedAt = Date.now();
  }),
  'POST /nodes/{node}/qemu/{vmid}/status/suspend': power('qmsuspend', 0.5, running, (vm) => {
    vm.qmpstatus = 'paused';
  }),
  'POST /nodes/{node}/qemu/{vmid}/status/resume': power('qmresume', 0.5, running, (vm) => {
    if (vm.qmpstatus !== 'paused') throw new Error(`VM ${vm.vmid} not paused`);
    vm.qmpstatus = 'running';
  }),
};
