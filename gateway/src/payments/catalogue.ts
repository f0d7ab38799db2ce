import type { z } from 'zod';
import { PitchsideError } from '@pitchside/shared/errors';
import type {
  AdminCreateDealBodySchema,
  AdminCreatePlanBodySchema,
  AdminDeal,
  AdminPlan,
  AdminUpdateDealBodySchema,
  AdminUpdatePlanBodySchema,
  Deal,
  Period,
  Plan,
  Price,
} from '@pitchside/shared/payments';
import { audit } from '../auth/audit-log.ts';
import type { AuthContext } from '../auth/require-user.ts';
import type { RequestContext } from '../auth/social/social-profile.ts';
import type { Db, Queryable } from '../db/db.ts';

interface PlanRow {
  id: string;
  kind: 'site' | 'sport';
  sport: string | null;
  name: string;
  description: string;
  period_unit: Period['unit'];
  period_count: number;
  hidden: boolean;
  position: number;
  retired_at: Date | null;
  prices: { currency: string; amount: number }[] | null;
}

interface DealRow {
  code: string;
  name: string;
  plan_ids: string[];
  percent_off: number;
  starts_at: Date | null;
  ends_at: Date | null;
  retired_at: Date | null;
}

/** What a buyer pays for a plan in a currency, deal applied: what an order is made at. */
export interface Quote {
  plan: Pick<Plan, 'id' | 'name' | 'sport' | 'period'>;
  amount: number;
  currency: string;
  dealCode: string | null;
}

const PLAN_SELECT = `
  SELECT p.id, p.kind, p.sport, p.name, p.description, p.period_unit, p.period_count, p.hidden, p.position,
         p.retired_at,
         (SELECT json_agg(json_build_object('currency', pp.currency, 'amount', pp.amount) ORDER BY pp.currency)
            FROM plan_prices pp WHERE pp.plan_id = p.id) AS prices
    FROM plans p`;

const DEAL_COLUMNS = 'code, name, plan_ids, percent_off, starts_at, ends_at, retired_at';

/** A discount in minor units, rounded to the nearest unit, never to nothing (a 90% cap keeps it positive). */
export const discounted = (amount: number, percentOff: number): number =>
  Math.max(1, Math.round((amount * (100 - percentOff)) / 100));

const toPeriod = (row: PlanRow): Period => ({ unit: row.period_unit, count: row.period_count });

function toPlan(row: PlanRow, deal: DealRow | null, currency: string | undefined): Plan {
  const percentOff = deal?.plan_ids.includes(row.id) ? deal.percent_off : 0;
  const prices: Price[] = (row.prices ?? [])
    .filter((p) => !currency || p.currency === currency)
    .map((p) => ({ currency: p.currency, amount: discounted(p.amount, percentOff), listAmount: p.amount }));
  return {
    id: row.id,
    kind: row.kind,
    sport: row.sport,
    name: row.name,
    description: row.description,
    period: toPeriod(row),
    hidden: row.hidden,
    prices,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toDeal = (row: DealRow): Deal => ({
  code: row.code,
  name: row.name,
  percentOff: row.percent_off,
  planIds: row.plan_ids,
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
});

/** Unique violations (a plan id or deal code taken) from pg and PGlite alike. */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The plan catalogue and hidden deals. Visitors read it (a deal code reveals the hidden plans it names and
 * its discount); the admin API changes it, each change audited. Plans are retired, never deleted: orders
 * point at them.
 */
export class Catalogue {
  constructor(private readonly db: Db) {}

  /** A live deal by code; an unknown, retired, not yet started or expired code is `deal:not-found`. */
  async liveDeal(code: string, db: Queryable = this.db): Promise<DealRow> {
    const [row] = await db.query<DealRow>(
      `SELECT ${DEAL_COLUMNS} FROM deals
        WHERE code = $1 AND retired_at IS NULL
          AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)`,
      [code, new Date()],
    );
    if (!row) throw new PitchsideError('deal:not-found');
    return row;
  }

  /** The plans a visitor may buy: site-wide ones, or one sport's passes; hidden ones only through the deal. */
  async list(query: { sport?: string; currency?: string; deal?: string }) {
    const deal = query.deal ? await this.liveDeal(query.deal) : null;
    const rows = await this.db.query<PlanRow>(
      `${PLAN_SELECT}
        WHERE p.retired_at IS NULL
          AND ($1::text IS NULL AND p.kind = 'site' OR p.sport = $1::text)
          AND (NOT p.hidden OR p.id = ANY($2::text[]))
        ORDER BY p.position, p.id`,
      [query.sport ?? null, deal?.plan_ids ?? []],
    );
    const plans = rows
      .map((row) => toPlan(row, deal, query.currency))
      .filter((plan) => plan.prices.length > 0 || !query.currency);
    const currencies = [...new Set(rows.flatMap((r) => (r.prices ?? []).map((p) => p.currency)))].sort();
    return { plans, deal: deal && toDeal(deal), currencies };
  }

  /** The price of one plan for an order; checked again here, never taken from the client. */
  async quote(planId: string, currency: string, dealCode: string | undefined): Promise<Quote> {
    const deal = dealCode ? await this.liveDeal(dealCode) : null;
    const [row] = await this.db.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1 AND p.retired_at IS NULL`, [
      planId,
    ]);
    if (!row || (row.hidden && !deal?.plan_ids.includes(row.id))) throw new PitchsideError('plan:not-found');
    const price = toPlan(row, deal, currency).prices[0];
    if (!price) throw new PitchsideError('plan:price-unavailable');
    return {
      plan: { id: row.id, name: row.name, sport: row.sport, period: toPeriod(row) },
      amount: price.amount,
      currency,
      // Recorded only when it changed something for this plan.
      dealCode: deal?.plan_ids.includes(row.id) ? deal.code : null,
    };
  }

  // Admin.

  async adminPlans(): Promise<AdminPlan[]> {
    const rows = await this.db.query<PlanRow>(`${PLAN_SELECT} ORDER BY p.kind, p.sport, p.position, p.id`);
    return rows.map((row) => this.toAdminPlan(row));
  }

  async createPlan(
    admin: AuthContext,
    body: z.infer<typeof AdminCreatePlanBodySchema>,
    context: RequestContext,
  ): Promise<AdminPlan> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO plans (id, kind, sport, name, description, period_unit, period_count, hidden, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            body.id,
            body.kind,
            body.sport,
            body.name,
            body.description,
            body.period.unit,
            body.period.count,
            body.hidden,
            body.position,
          ],
        );
        await this.replacePrices(tx, body.id, body.prices);
        await audit(tx, 'plan.created', this.entry(admin, context, { planId: body.id }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PitchsideError('plan:exists');
      throw error;
    }
    return this.adminPlan(body.id);
  }

  async updatePlan(
    admin: AuthContext,
    planId: string,
    body: z.infer<typeof AdminUpdatePlanBodySchema>,
    context: RequestContext,
  ): Promise<AdminPlan> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE plans SET name = coalesce($2, name), description = coalesce($3, description),
                period_unit = coalesce($4, period_unit), period_count = coalesce($5, period_count),
                hidden = coalesce($6, hidden), position = coalesce($7, position), updated_at = now()
          WHERE id = $1 RETURNING id`,
        [
          planId,
          body.name ?? null,
          body.description ?? null,
          body.period?.unit ?? null,
          body.period?.count ?? null,
          body.hidden ?? null,
          body.position ?? null,
        ],
      );
      if (!row) throw new PitchsideError('plan:not-found');
      if (body.prices) await this.replacePrices(tx, planId, body.prices);
      await audit(
        tx,
        'plan.updated',
        this.entry(admin, context, { planId, fields: Object.keys(body).sort() }),
      );
    });
    return this.adminPlan(planId);
  }

  /** No longer sold; what was bought stays valid. Retiring twice is harmless. */
  async retirePlan(admin: AuthContext, planId: string, context: RequestContext): Promise<AdminPlan> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE plans SET retired_at = coalesce(retired_at, now()), updated_at = now() WHERE id = $1 RETURNING id`,
        [planId],
      );
      if (!row) throw new PitchsideError('plan:not-found');
      await audit(tx, 'plan.retired', this.entry(admin, context, { planId }));
    });
    return this.adminPlan(planId);
  }

  async adminDeals(): Promise<AdminDeal[]> {
    const rows = await this.db.query<DealRow>(`SELECT ${DEAL_COLUMNS} FROM deals ORDER BY code`);
    return rows.map((row) => ({ ...toDeal(row), retiredAt: iso(row.retired_at) }));
  }

  async createDeal(
    admin: AuthContext,
    body: z.infer<typeof AdminCreateDealBodySchema>,
    context: RequestContext,
  ): Promise<AdminDeal> {
    await this.checkPlansExist(body.planIds);
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO deals (code, name, plan_ids, percent_off, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [body.code, body.name, body.planIds, body.percentOff, body.startsAt, body.endsAt],
        );
        await audit(tx, 'deal.created', this.entry(admin, context, { dealCode: body.code }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PitchsideError('deal:exists');
      throw error;
    }
    return this.adminDeal(body.code);
  }

  async updateDeal(
    admin: AuthContext,
    code: string,
    body: z.infer<typeof AdminUpdateDealBodySchema>,
    context: RequestContext,
  ): Promise<AdminDeal> {
    if (body.planIds) await this.checkPlansExist(body.planIds);
    await this.db.transaction(async (tx) => {
      // starts_at and ends_at may be set to null (open-ended): "absent" and "null" differ here.
      const [row] = await tx.query(
        `UPDATE deals SET name = coalesce($2, name), plan_ids = coalesce($3, plan_ids),
                percent_off = coalesce($4, percent_off),
                starts_at = CASE WHEN $5 THEN $6::timestamptz ELSE starts_at END,
                ends_at = CASE WHEN $7 THEN $8::timestamptz ELSE ends_at END, updated_at = now()
          WHERE code = $1 RETURNING code`,
        [
          code,
          body.name ?? null,
          body.planIds ?? null,
          body.percentOff ?? null,
          body.startsAt !== undefined,
          body.startsAt ?? null,
          body.endsAt !== undefined,
          body.endsAt ?? null,
        ],
      );
      if (!row) throw new PitchsideError('deal:not-found');
      await audit(
        tx,
        'deal.updated',
        this.entry(admin, context, { dealCode: code, fields: Object.keys(body).sort() }),
      );
    });
    return this.adminDeal(code);
  }

  async retireDeal(admin: AuthContext, code: string, context: RequestContext): Promise<AdminDeal> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE deals SET retired_at = coalesce(retired_at, now()), updated_at = now() WHERE code = $1 RETURNING code`,
        [code],
      );
      if (!row) throw new PitchsideError('deal:not-found');
      await audit(tx, 'deal.retired', this.entry(admin, context, { dealCode: code }));
    });
    return this.adminDeal(code);
  }

  private async adminPlan(planId: string): Promise<AdminPlan> {
    const [row] = await this.db.query<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1`, [planId]);
    if (!row) throw new PitchsideError('plan:not-found');
    return this.toAdminPlan(row);
  }

  private async adminDeal(code: string): Promise<AdminDeal> {
    const [row] = await this.db.query<DealRow>(`SELECT ${DEAL_COLUMNS} FROM deals WHERE code = $1`, [code]);
    if (!row) throw new PitchsideError('deal:not-found');
    return { ...toDeal(row), retiredAt: iso(row.retired_at) };
  }

  private toAdminPlan(row: PlanRow): AdminPlan {
    return { ...toPlan(row, null, undefined), position: row.position, retiredAt: iso(row.retired_at) };
  }

  private async replacePrices(
    tx: Queryable,
    planId: string,
    prices: readonly { currency: string; amount: number }[],
  ): Promise<void> {
    await tx.query('DELETE FROM plan_prices WHERE plan_id = $1', [planId]);
    for (const price of prices) {
      await tx.query(
        `INSERT INTO plan_prices (plan_id, currency, amount) VALUES ($1, $2, $3)
         ON CONFLICT (plan_id, currency) DO UPDATE SET amount = excluded.amount`,
        [planId, price.currency, price.amount],
      );
    }
  }

  private async checkPlansExist(planIds: readonly string[]): Promise<void> {
    const rows = await this.db.query<{ id: string }>('SELECT id FROM plans WHERE id = ANY($1::text[])', [
      planIds,
    ]);
    const missing = planIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) {
      throw new PitchsideError(
        'request:invalid',
        'The deal names plans that do not exist.',
        missing.map((id) => ({ path: 'planIds', message: `no plan ${id}`, code: 'plan:not-found' })),
      );
    }
  }

  private entry(admin: AuthContext, context: RequestContext, detail: Record<string, unknown>) {
    return {
      userId: admin.userId,
      sessionId: admin.sessionId,
      ip: context.ip,
      userAgent: context.userAgent,
      detail,
    };
  }
}
