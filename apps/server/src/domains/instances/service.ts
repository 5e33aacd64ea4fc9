import {
  cycleByKey,
  pickText,
  type Locale,
  type InstanceDetail,
  type InstanceList,
  type InstancesQuery,
  type InstanceSummary,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Context } from '../../infra/lib/context.js';
import { instanceNotFound } from '../../infra/lib/errors.js';
import { instanceViews, type InstanceView } from './repository.js';

/** Instances store the cycle key of the price map (`monthly`); requests and answers carry its code (`Month`). */
function cycleCode(key: string): InstanceSummary['Cycle'] {
  const cycle = cycleByKey(key);
  if (!cycle) throw new Error(`instance with unknown cycle ${key}`);
  return cycle.code;
}

/** An instance as listed; the catalogue's names in the reader's language, else the other one. */
export function toSummary(v: InstanceView, locale: Locale): InstanceSummary {
  const name = (en: string, zh: string) => pickText({ en_US: en, zh_CN: zh }, locale);
  return {
    Id: v.id,
    Hostname: v.hostname,
    Status: v.status,
    IpAddress: v.ip_address,
    RegionId: v.region_id,
    RegionName: name(v.region_name, v.region_name_zh),
    CountryCode: v.country_code,
    ProductId: v.product_id,
    ProductName: name(v.product_name, v.product_name_zh),
    TypeName: name(v.group_name, v.group_name_zh),
    ImageId: v.image_id,
    ImageName: name(v.image_name, v.image_name_zh),
    Distribution: v.distribution,
    Cycle: cycleCode(v.cycle),
    Price: v.price,
    Currency: v.currency.trim(),
    AutoRenew: v.auto_renew,
    DueAt: v.due_at.toISOString(),
    SuspendedAt: v.suspended_at?.toISOString() ?? null,
    DestroyedAt: v.destroyed_at?.toISOString() ?? null,
    UnpaidInvoiceId: v.unpaid_invoice_id,
    CreatedAt: v.created_at.toISOString(),
    RunningTask:
      v.running_task_id === null
        ? null
        : { Id: v.running_task_id, Kind: v.running_task_kind as NonNullable<InstanceSummary['RunningTask']>['Kind'] },
  };
}

function toDetail(
  v: InstanceView,
  failure: { kind: string; finished_at: Date } | null,
  locale: Locale,
): InstanceDetail {
  return {
    ...toSummary(v, locale),
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

/**
 * api/instances (docs/product/instances.md#list-instances): one page of the caller's instances,
 * newest first, filtered by status and search; destroyed ones only when `status=destroyed` asks for
 * them.
 */
export async function listInstances(
  ctx: Context,
  userId: number,
  q: z.output<typeof InstancesQuery>,
  locale: Locale,
): Promise<InstanceList> {
  const { total, rows } = await instanceViews.list(
    ctx.db,
    userId,
    // Destroyed instances are hidden unless the status filter asks for them.
    { status: q.status, hideDestroyed: true, search: q.search || undefined },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { Total: total, Items: rows.map((v) => toSummary(v, locale)) };
}

/** api/instance/get: one of the caller's instances; anyone else's is "not found", never "forbidden". */
export async function instanceDetail(
  ctx: Context,
  userId: number,
  id: number,
  locale: Locale,
): Promise<InstanceDetail> {
  const view = await instanceViews.owned(ctx.db, userId, id);
  if (!view) throw instanceNotFound();
  return toDetail(view, await instanceViews.lastFailure(ctx.db, id), locale);
}
