import type { Ctx, Handler } from '../context.js';
import { fail } from '../errors.js';

function open(ctx: Ctx, kind: 'vnc' | 'term'): Record<string, unknown> {
  const vm = ctx.vm();
  if (kind === 'term') {
    const serial = ctx.str('serial') ?? (/^serial\d$/.test(vm.config.vga ?? '') ? vm.config.vga : 'serial0');
    if (!vm.config[serial ?? 'serial0']) throw fail(`serial interface '${serial ?? 'serial0'}' is not configured`);
  }
  const session = ctx.rt.sessions.open(
    kind,
    vm.vmid,
    vm.node,
    ctx.user,
    () =>
      ctx.task({
        node: vm.node,
        type: kind === 'vnc' ? 'vncproxy' : 'vncshell',
        id: String(vm.vmid),
        seconds: 0,
        open: true,
      }),
    (s) => {
      const task = ctx.cluster.tasks.tasks.get(s.upid);
      if (task) ctx.cluster.tasks.finish(task, 'connection timed out');
    },
  );
  const out: Record<string, unknown> = { user: session.user, ticket: session.ticket, upid: session.upid };
  if (kind === 'vnc') {
    // Perl hands the port back as a string here; termproxy's is an integer.
    out.port = String(session.port);
    out.password = session.password;
    out.cert = '-----BEGIN CERTIFICATE-----\nEMULATOR\n-----END CERTIFICATE-----\n';
  } else {
    out.port = session.port;
  }
  return out;
}

/** vncproxy/termproxy open a console session the vncwebsocket upgrade then claims. */
export const consoleRoutes: Record<string, Handler> = {
  'POST /nodes/{node}/qemu/{vmid}/vncproxy': (ctx) => open(ctx, 'vnc'),
  'POST /nodes/{node}/qemu/{vmid}/termproxy': (ctx) => open(ctx, 'term'),
  'GET /nodes/{node}/qemu/{vmid}/vncwebsocket': () => {
    throw fail('websocket upgrade required');
  },
};
