import type { ConsoleTicket } from '@nimbus/contract';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import type { Rule } from '../../infra/throttle/throttle.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import { assertVmOurs, assertActionable, instances, type InstanceRow } from '../instances/index.js';
import { sessionHash } from '../../infra/sessions/repository.js';
import { openConsoles } from './registry.js';
import { consoleTokens, type ConsoleKind } from './repository.js';

/**
 * Console tokens per customer: a page takes one per (re)connect, so a person clicking "reconnect"
 * never meets it; a script minting tokens in a loop does.
 */
export const CONSOLE_TOKEN_RULE: Rule = { limit: 30, windowSeconds: 60, scope: 'account' };

/** An instance whose VM exists on a cluster: its node, VMID and the cluster's handle. */
export interface PlacedInstance {
  row: InstanceRow;
  node: string;
  vmid: number;
  cluster: ClusterHandle;
}

/**
 * One of the caller's instances in a state to open a console on, its VM carrying the instance's
 * marks (checked when the token is issued and again when its socket opens); else 404 or 409 as for
 * every action.
 */
export async function consoleTarget(ctx: Context, userId: number, instanceId: number): Promise<PlacedInstance> {
  const row = await instances.owned(ctx.db, userId, instanceId);
  if (!row) throw instanceNotFound();
  const cluster = ctx.compute?.cluster(row.cluster);
  assertActionable(row, ['available']);
  if (!row.node || !row.vmid || !cluster) throw new AppError('wrong_status', 409);
  await assertVmOurs(cluster, row.node, row.vmid, row.id);
  return { row, node: row.node, vmid: row.vmid, cluster };
}

/** Whether Proxmox says the VM runs (a stopped or paused guest has no console to show). */
async function running(t: PlacedInstance): Promise<boolean> {
  try {
    const s = await t.cluster.client.qemu.status(t.node, t.vmid);
    return s.status === 'running' && (s.qmpstatus ?? 'running') === 'running';
  } catch {
    throw new AppError('get_instance_error', 502);
  }
}

/**
 * POST api/instance/vnc and api/instance/xterm: a single-use console token for one of the caller's
 * running instances. `port` is the port the browser reached us on; the browser opens the console
 * WebSocket on this origin, never on a Proxmox host.
 */
export async function issueConsoleTicket(
  ctx: Context,
  userId: number,
  instanceId: number,
  kind: ConsoleKind,
  port: number,
  sessionId: string,
): Promise<ConsoleTicket> {
  const target = await consoleTarget(ctx, userId, instanceId);
  if (!(await running(target))) throw new AppError('wrong_status', 409);
  await ctx.throttle.enforce(`console:${userId}`, CONSOLE_TOKEN_RULE);
  // Already at a cap: refused here, clearly; a socket that would go over it is closed with 4429.
  if (await openConsoles(ctx).atCap(userId, instanceId)) throw new AppError('rate_limit_exceeded', 429);
  const Ticket = await consoleTokens.issue(ctx.db, { userId, instanceId, kind, sessionHash: sessionHash(sessionId) });
  return { Port: port, Ticket };
}

/** The port of this console's public origin as the browser used it (the Host header, or PUBLIC_URL's). */
export function publicPort(ctx: Context, req: { port?: number | null }): number {
  if (req.port) return req.port;
  // A Host header without a port: the scheme's default port of the public origin.
  const url = new URL(ctx.config.PUBLIC_URL);
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
