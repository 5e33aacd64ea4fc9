import {
  cycleByKey,
  type InstanceDetail,
  type InstanceList,
  type InstancesQuery,
  type InstanceSummary,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { instanceViews, type InstanceView } from './repository.js';

/** Instances store the cycle key of the price map (`monthly`); requests and answers carry its code (`Month`). */
function cycleCode(key: string): InstanceSummary['Cycle'] {
  const cycle = cycleByKey(key);
  if (!cycle) throw new Error(`instance with unknown cycle ${key}`);
  return cycle.code;
}

export function toSummary(v: InstanceView): InstanceSummary {
  return {
    Id: v.id,
    Hostname: v.hostname,
    Status: v.status,
    IpAddress: v.ip_address,
    RegionId: v.region_id,
    RegionName: v.region_name,
    CountryCode: v.country_code,
    ProductId: v.product_id,
    ProductName: v.product_name,
    TypeName: v.group_name,
    ImageName: v.image_name,
    Distribution: v.distribution,
    Cycle: cycleCode(v.cycle),
    Price: v.price,
    Currency: v.currency.trim(),
    AutoRenew: v.auto_renew,
    DueAt: v.due_at.toISOString(),
    SuspendedAt: v.suspended_at?.toISOString() ?? null,
    UnpaidInvoiceId: v.unpaid_invoice_id,
    CreatedAt: v.created_at.toISOString(),
  };
}

function toDetail(v: InstanceView, failure: { kind: string; finished_at: Date } | null): InstanceDetail {
  return {
    ...toSummary(v),
    Username: v.username,
    Cores: v.cores,
    Memory: v.memory_mb,
    Disk: v.disk_gb,
    Bandwidth: v.bandwidth_gb,
    Gateway: v.gateway,
    Prefix: v.prefix,
    Mac: v.mac,
    NeedsRestart: v.needs_restart,
    LastFailure: failure && {
      Kind: failure.kind as NonNullable<InstanceDetail['LastFailure']>['Kind'],
      At: failure.finished_at.toISOString(),
    },
  };
}

/** SPEC §7 api/instances: one page of the caller's instances, newest first, filtered by status and search. */
export async function listInstances(
  ctx: Context,
  userId: number,
  q: z.output<typeof InstancesQuery>,
): Promise<InstanceList> {
  const { total, rows } = await instanceViews.list(
    ctx.db,
    userId,
    { status: q.status, search: q.search || undefined },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { Total: total, Items: rows.map(toSummary) };
}

/** SPEC §7 api/instance/get: one of the caller's instances; anyone else's is "not found", never "forbidden". */
export async function instanceDetail(ctx: Context, userId: number, id: number): Promise<InstanceDetail> {
  const view = await instanceViews.owned(ctx.db, userId, id);
  if (!view) throw new AppError('db_no_record', 404);
  return toDetail(view, await instanceViews.lastFailure(ctx.db, id));
}
