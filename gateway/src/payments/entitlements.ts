import type { Entitlement } from '@pitchside/shared/payments';
import type { Db, Queryable } from '../db/db.ts';

/** The order fields a grant needs; read under the order's row lock by the caller. */
export interface GrantSource {
  id: string;
  user_id: string | null;
  plan_id: string;
  sport: string | null;
  period_unit: string;
  period_count: number;
}

interface EntitlementRow {
  id: string;
  order_id: string;
  plan_id: string;
  plan_name: string;
  sport: string | null;
  starts_at: Date;
  ends_at: Date;
  revoked_at: Date | null;
  active: boolean;
}

/**
 * What paid orders grant: a period of every sport's premium streams (sport null) or of one sport's. Each
 * paid order grants one period (orders.id is UNIQUE here, so a payment never grants twice); a renewal bought
 * while a period of the same kind runs starts where the latest one ends, so it extends rather than overlaps.
 * A refund ends its order's period at once and pulls the periods queued after it forward.
 * Every function runs inside the caller's transaction, which holds the order's row lock.
 */
export async function grantEntitlement(tx: Queryable, order: GrantSource): Promise<string | null> {
  if (!order.user_id) return null; // The account was deleted before the money arrived: nobody to grant.
  // Renewals of one user queue behind each other: serialise them on the user's row.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [order.user_id]);
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO entitlements (user_id, order_id, plan_id, sport, starts_at, ends_at)
     SELECT $1, $2, $3, $4, s.start, s.start + make_interval(
              days => CASE WHEN $5 = 'day' THEN $6::int ELSE 0 END,
              months => CASE WHEN $5 = 'month' THEN $6::int ELSE 0 END,
              years => CASE WHEN $5 = 'year' THEN $6::int ELSE 0 END)
       FROM (SELECT greatest($7::timestamptz, coalesce(max(ends_at), $7::timestamptz)) AS start
               FROM entitlements
              WHERE user_id = $1 AND sport IS NOT DISTINCT FROM $4 AND revoked_at IS NULL) s
     ON CONFLICT (order_id) DO NOTHING
     RETURNING id`,
    [order.user_id, order.id, order.plan_id, order.sport, order.period_unit, order.period_count, new Date()],
  );
  return rows[0]?.id ?? null;
}

/** Ends the order's period now; the periods queued after it move forward by what was taken away. */
export async function revokeEntitlement(tx: Queryable, orderId: string): Promise<string | null> {
  const now = Date.now();
  const [revoked] = await tx.query<{ id: string; user_id: string; sport: string | null }>(
    `UPDATE entitlements SET revoked_at = $2 WHERE order_id = $1 AND revoked_at IS NULL
     RETURNING id, user_id, sport`,
    [orderId, new Date(now)],
  );
  if (!revoked) return null;
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [revoked.user_id]);
  const queued = await tx.query<{ id: string; starts_at: Date; ends_at: Date }>(
    `SELECT id, starts_at, ends_at FROM entitlements
      WHERE user_id = $1 AND sport IS NOT DISTINCT FROM $2 AND revoked_at IS NULL AND ends_at > $3
      ORDER BY starts_at`,
    [revoked.user_id, revoked.sport, new Date(now)],
  );
  let cursor = now;
  for (const row of queued) {
    const start = row.starts_at.getTime();
    const length = row.ends_at.getTime() - start;
    if (start <= cursor) {
      cursor = Math.max(cursor, row.ends_at.getTime());
      continue;
    }
    await tx.query('UPDATE entitlements SET starts_at = $2, ends_at = $3 WHERE id = $1', [
      row.id,
      new Date(cursor),
      new Date(cursor + length),
    ]);
    cursor += length;
  }
  return revoked.id;
}

const ENTITLEMENT_SELECT = `
  SELECT e.id, e.order_id, e.plan_id, p.name AS plan_name, e.sport, e.starts_at, e.ends_at, e.revoked_at,
         (e.revoked_at IS NULL AND e.starts_at <= $2 AND e.ends_at > $2) AS active
    FROM entitlements e JOIN plans p ON p.id = e.plan_id`;

export class Entitlements {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async list(userId: string): Promise<Entitlement[]> {
    const rows = await this.db.query<EntitlementRow>(
      `${ENTITLEMENT_SELECT} WHERE e.user_id = $1 ORDER BY e.starts_at DESC, e.created_at DESC`,
      [userId, new Date()],
    );
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      planId: row.plan_id,
      planName: row.plan_name,
      sport: row.sport,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      revokedAt: row.revoked_at?.toISOString() ?? null,
      active: row.active,
    }));
  }

  /** Whether the user may watch premium streams of `sport` now: a site-wide period or the sport's pass. */
  async covers(userId: string, sport: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM entitlements
        WHERE user_id = $1 AND (sport IS NULL OR sport = $2)
          AND revoked_at IS NULL AND starts_at <= $3 AND ends_at > $3
        LIMIT 1`,
      [userId, sport, new Date()],
    );
    return rows.length > 0;
  }
}
