import { liveMetrics, usageFields } from '../../state/metrics.js';
import type { Ctx, Handler } from '../context.js';

/** GET …/status/current, with Proxmox's numeric fields and optional lock. */
export function statusCurrent(ctx: Ctx): Record<string, unknown> {
  const vm = ctx.vm();
  const m = liveMetrics(vm, ctx.cluster.cfg.seed);
  const out: Record<string, unknown> = {
    vmid: vm.vmid,
    name: vm.config.name,
    status: vm.status,
    qmpstatus: vm.qmpstatus,
    cpus: m.cpus,
    ...usageFields(m),
    ha: { managed: 0 },
    agent: /^(1|enabled=1)/.test(vm.config.agent ?? '') ? 1 : 0,
  };
  if (vm.status === 'running') {
    out.pid = 10_000 + vm.vmid;
    out['running-machine'] = 'pc-i440fx-9.0+pve0';
    out['running-qemu'] = '9.0.2';
  }
  if (vm.config.template === '1') out.template = 1;
  if (vm.config.tags) out.tags = vm.config.tags;
  if (vm.config.lock) out.lock = vm.config.lock;
  return out;
}

/** Live VM status. */
export const vmStatusRoutes: Record<string, Handler> = {
  'GET /nodes/{node}/qemu/{vmid}/status/current': statusCurrent,
};
