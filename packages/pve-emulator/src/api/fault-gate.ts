import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Runtime } from './context.js';
import { PveError } from './errors.js';
import { sendError } from './respond.js';

/** Applies armed faults to a request; returns false when the request was already answered or dropped. */
export async function applyFaults(rt: Runtime, method: string, path: string, res: ServerResponse): Promise<boolean> {
  for (const f of rt.faults.take(method, path, false)) {
    switch (f.kind) {
      case 'latency':
        await sleep(f.latencyMs ?? 1000);
        break;
      case 'drop':
        res.socket?.destroy();
        return false;
      case 'http-500':
        sendError(res, new PveError(500, f.message ?? 'internal error (emulator fault)'));
        return false;
      case 'http-503':
        sendError(res, new PveError(503, f.message ?? 'Service Unavailable'));
        return false;
      case 'lock-timeout': {
        const vmid = /\/qemu\/(\d+)/.exec(path)?.[1] ?? '0';
        sendError(
          res,
          new PveError(500, f.message ?? `can't lock file '/var/lock/qemu-server/lock-${vmid}.conf' - got timeout`),
        );
        return false;
      }
      default:
        break;
    }
  }
  return true;
}
