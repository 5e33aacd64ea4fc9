import type { Queryable } from '../../infra/db/pool.js';

export interface PromotionRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  product_ids: number[] | null;
  cycles: string[] | null;
  disabled_at: Date | null;
  created_at: Date;
}

export interface NewPromotion {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  productIds: number[] | null;
  cycles: string[] | null;
}

export const promotions = {
  /** The promotion with this code (any case); `lock` serialises deploys that use it. */
  async byCode(db: Queryable, code: string, opts: { lock?: boolean } = {}): Promise<PromotionRow | null> {
    const { rows } = await db.query<PromotionRow>(
      `select * from promotions where lower(code) = lower($1) ${opts.lock ? 'for update' : ''}`,
      [code],
    );
    return rows[0] ?? null;
  },
  /** Uses that count against the limits: pending (a deploy under way) and used. */
  async uses(db: Queryable, promotionId: number, userId: number): Promise<{ total: number; mine: number }> {
    const { rows } = await db.query<{ total: number; mine: number }>(
      `select count(*)::int as total, count(*) filter (where user_id = $2)::int as mine
       from promotion_uses where promotion_id = $1`,
      [promotionId, userId],
    );
    return rows[0]!;
  },
  async addUse(db: Queryable, promotionId: number, userId: number, instanceId: number): Promise<void> {
    await db.query(
      `insert into promotion_uses (promotion_id, user_id, instance_id, status) values ($1, $2, $3, 'pending')`,
      [promotionId, userId, instanceId],
    );
  },
  async confirmUse(db: Queryable, instanceId: number): Promise<void> {
    await db.query(`update promotion_uses set status = 'used' where instance_id = $1`, [instanceId]);
  },
  async releaseUse(db: Queryable, instanceId: number): Promise<void> {
    await db.query(`delete from promotion_uses where instance_id = $1 and status = 'pending'`, [instanceId]);
  },
  async create(db: Queryable, p: NewPromotion): Promise<PromotionRow> {
    const { rows } = await db.query<PromotionRow>(
      `insert into promotions (code, kind, value, currency, starts_at, ends_at, max_uses, max_uses_per_user, product_ids, cycles)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
      [p.code, p.kind, p.value, p.currency, p.startsAt, p.endsAt, p.maxUses, p.maxUsesPerUser, p.productIds, p.cycles],
    );
    return rows[0]!;
  },
  async list(db: Queryable): Promise<(PromotionRow & { used: number; pending: number })[]> {
    const { rows } = await db.query<PromotionRow & { used: number; pending: number }>(
      `select p.*, count(u.id) filter (where u.status = 'used')::int as used,
         count(u.id) filter (where u.status = 'pending')::int as pending
       from promotions p left join promotion_uses u on u.promotion_id = p.id group by p.id order by p.id`,
    );
    return rows;
  },
  async disable(db: Queryable, code: string): Promise<boolean> {
    const { rowCount } = await db.query(
      'update promotions set disabled_at = now() where lower(code) = lower($1) and disabled_at is null',
      [code],
    );
    return rowCount === 1;
  },
};
