import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { PitchsideError } from '@pitchside/shared/errors';
import type { CreateOrderBodySchema, CreateOrderResponse, Order } from '@pitchside/shared/payments';
import type { z } from 'zod';
import { audit } from '../auth/audit-log.ts';
import type { AuthContext } from '../auth/require-user.ts';
import type { RequestContext } from '../auth/social/social-profile.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { Catalogue } from './catalogue.ts';
import { grantEntitlement, revokeEntitlement } from './entitlements.ts';
import { awaitsProvider, transition, type OrderState, type PaymentEventKind } from './order-state.ts';
import { PaymentError } from './payment-error.ts';
import type { PaymentProvider, PaymentProviderId } from './providers/payment-provider.ts';

export interface OrderRow {
  id: string;
  user_id: string | null;
  plan_id: string;
  plan_name: string;
  sport: string | null;
  period_unit: 'day' | 'month' | 'year';
  period_count: number;
  deal_code: string | null;
  amount: number;
  currency: string;
  provider: PaymentProviderId;
  provider_reference: string | null;
  state: OrderState;
  lang: string;
  created_at: Date;
  updated_at: Date;
  captured_at: Date | null;
}

/** Where a claim about an order's state came from; each is applied once per (provider, eventId). */
export type ClaimSource = 'webhook' | 'capture' | 'return' | 'reconcile';

/** A provider's word on an order: a verified webhook, a capture's answer, or fetchState's. */
export interface Claim {
  provider: PaymentProviderId;
  /** The provider's event id, or our key for the claims we make ourselves (`capture:<order>:<state>`). */
  eventId: string;
  source: ClaimSource;
  kind: PaymentEventKind;
  orderId?: string;
  providerReference?: string;
  /** Checked against the order for "captured": the money that moved must be what the order asked. */
  amount?: number;
  currency?: string;
}

export type ApplyOutcome =
  'moved' | 'duplicate' | 'already-in-state' | 'stale' | 'already-ended' | 'unknown-order' | 'mismatch';

export interface ApplyResult {
  outcome: ApplyOutcome;
  order: OrderRow | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A checkout nobody approved in a day is abandoned (PayPal's own orders expire after three hours). */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  planId: row.plan_id,
  planName: row.plan_name,
  sport: row.sport,
  period: { unit: row.period_unit, count: row.period_count },
  amount: row.amount,
  currency: row.currency,
  provider: row.provider,
  state: row.state,
  dealCode: row.deal_code,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  capturedAt: row.captured_at?.toISOString() ?? null,
});

export interface OrdersDeps {
  db: Db;
  catalogue: Catalogue;
  providers: ReadonlyMap<PaymentProviderId, PaymentProvider>;
  logger: Logger;
  /** Signs each order's cancel link (32+ characters): only the buyer, sent there by the provider, holds it. */
  returnSecret: string;
}

/**
 * Orders and the one path by which their state changes (`apply`): a verified claim, recorded under its
 * unique event id in the same transaction that moves the order with the state machine and grants or
 * revokes what the move says. A replayed, duplicated or out-of-order claim changes nothing. The claims come
 * from the provider's webhooks, from our capture call (when the buyer returns, or when the approval's
 * webhook arrives), and from the reconciliation job asking the provider about orders left waiting.
 */
export class Orders {
  private readonly db: Db;
  private readonly logger: Logger;

  constructor(private readonly deps: OrdersDeps) {
    this.db = deps.db;
    this.logger = deps.logger;
  }

  provider(id: string): PaymentProvider {
    const provider = this.deps.providers.get(id as PaymentProviderId);
    if (!provider) throw new PitchsideError('payment:method-unavailable');
    return provider;
  }

  /** Our order (state created), then the provider's checkout; the buyer's browser goes to its redirectUrl. */
  async create(
    auth: AuthContext,
    body: z.infer<typeof CreateOrderBodySchema>,
    base: string,
    context: RequestContext,
  ): Promise<CreateOrderResponse> {
    const provider = this.provider(body.provider);
    const quote = await this.deps.catalogue.quote(body.planId, body.currency, body.deal);
    const row = await this.db.transaction(async (tx) => {
      const [order] = await tx.query<OrderRow>(
        `INSERT INTO orders (user_id, plan_id, plan_name, sport, period_unit, period_count, deal_code, amount,
                             currency, provider, lang, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
        [
          auth.userId,
          quote.plan.id,
          quote.plan.name,
          quote.plan.sport,
          quote.plan.period.unit,
          quote.plan.period.count,
          quote.dealCode,
          quote.amount,
          quote.currency,
          provider.id,
          body.lang,
          new Date(),
        ],
      );
      await audit(tx, 'order.created', {
        userId: auth.userId,
        sessionId: auth.sessionId,
        ip: context.ip,
        userAgent: context.userAgent,
        detail: { orderId: order!.id, planId: quote.plan.id, provider: provider.id },
      });
      return order!;
    });
    const returnUrl = `${base}/api/payments/${provider.id}/return?order=${row.id}`;
    // A checkout that fails to be made leaves the order in "created" without a reference: nobody can pay
    // it, and reconciliation cancels it. The buyer sees the provider's error and may try again.
    const checkout = await provider.createCheckout({
      ourOrderId: row.id,
      amount: row.amount,
      currency: row.currency,
      description: `Pitchside ${row.plan_name}`,
      returnUrl,
      cancelUrl: `${returnUrl}&cancelled=1&sig=${this.cancelSignature(row.id)}`,
    });
    const [stored] = await this.db.query<OrderRow>(
      `UPDATE orders SET provider_reference = $2, updated_at = $3 WHERE id = $1 RETURNING *`,
      [row.id, checkout.providerReference, new Date()],
    );
    return { order: toOrder(stored!), redirectUrl: new URL(checkout.redirectUrl, `${base}/`).href };
  }

  /** The owner's order, or `order:not-found` (another user's order is not told apart from none). */
  async get(userId: string, orderId: string): Promise<Order> {
    const row = UUID.test(orderId) ? await this.row(orderId) : null;
    if (!row || row.user_id !== userId) throw new PitchsideError('order:not-found');
    return toOrder(row);
  }

  async listForUser(userId: string): Promise<Order[]> {
    const rows = await this.db.query<OrderRow>(
      'SELECT * FROM orders WHERE user_id = $1 ORDER BY created_at DESC LIMIT 100',
      [userId],
    );
    return rows.map(toOrder);
  }

  async row(orderId: string, db: Queryable = this.db): Promise<OrderRow | null> {
    const [row] = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [orderId]);
    return row ?? null;
  }

  /** Applies a claim exactly once; see the class comment. */
  async apply(claim: Claim): Promise<ApplyResult> {
    return this.db.transaction(async (tx) => {
      // Lock the order first: concurrent claims about one order queue here, and each sees the last one's state.
      const [order] =
        claim.orderId && UUID.test(claim.orderId)
          ? await tx.query<OrderRow>('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [claim.orderId])
          : claim.providerReference
            ? await tx.query<OrderRow>(
                'SELECT * FROM orders WHERE provider = $1 AND provider_reference = $2 FOR UPDATE',
                [claim.provider, claim.providerReference],
              )
            : [];
      const outcome = this.judge(claim, order);
      const t = order && outcome === null ? transition(order.state, claim.kind) : null;
      const recorded = t ? (t.moved ? 'moved' : t.reason) : (outcome ?? 'unknown-order');
      const inserted = await tx.query(
        `INSERT INTO payment_events (provider, event_id, order_id, kind, source, outcome)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
        [claim.provider, claim.eventId, order?.id ?? null, claim.kind, claim.source, recorded],
      );
      if (inserted.length === 0) return { outcome: 'duplicate', order: order ?? null };
      if (!order || !t?.moved) {
        if (recorded === 'unknown-order' || recorded === 'mismatch') {
          this.logger.warn({ claim, outcome: recorded }, 'payment claim not applied');
        }
        return { outcome: recorded as ApplyOutcome, order: order ?? null };
      }
      const [moved] = await tx.query<OrderRow>(
        `UPDATE orders SET state = $2, updated_at = $4,
                captured_at = CASE WHEN $2 = 'captured' THEN $4 ELSE captured_at END,
                provider_reference = coalesce(provider_reference, $3)
          WHERE id = $1 RETURNING *`,
        [order.id, t.to, claim.providerReference ?? null, new Date()],
      );
      await audit(tx, 'order.state-changed', {
        userId: order.user_id,
        detail: { orderId: order.id, from: t.from, to: t.to, source: claim.source },
      });
      if (t.effect === 'grant') {
        const id = await grantEntitlement(tx, order);
        if (id)
          await audit(tx, 'entitlement.granted', { userId: order.user_id, detail: { orderId: order.id } });
      } else if (t.effect === 'revoke') {
        const id = await revokeEntitlement(tx, order.id);
        if (id)
          await audit(tx, 'entitlement.revoked', { userId: order.user_id, detail: { orderId: order.id } });
      }
      this.logger.info({ orderId: order.id, from: t.from, to: t.to, source: claim.source }, 'order moved');
      return { outcome: 'moved', order: moved! };
    });
  }

  /** Null when the claim may be judged by the state machine; else why it is set aside. */
  private judge(claim: Claim, order: OrderRow | undefined): ApplyOutcome | null {
    if (!order) return 'unknown-order';
    if (order.provider !== claim.provider) return 'mismatch';
    if (
      claim.providerReference &&
      order.provider_reference &&
      claim.providerReference !== order.provider_reference
    )
      return 'mismatch';
    // A capture of another amount is not the payment this order asked for: it grants nothing (and is logged).
    if (
      claim.kind === 'captured' &&
      claim.amount !== undefined &&
      (claim.amount !== order.amount || claim.currency !== order.currency)
    )
      return 'mismatch';
    return null;
  }

  /**
   * Captures an order the buyer approved, idempotently: the provider's idempotency key derives from the
   * order id, so two captures (the return and the approval webhook, two tabs) move the money once, and
   * the answer is applied under a key derived from the order and the state it reports.
   */
  async capture(orderId: string): Promise<OrderRow | null> {
    const order = await this.row(orderId);
    if (!order || !awaitsProvider(order.state) || !order.provider_reference) return order;
    const provider = this.provider(order.provider);
    try {
      const result = await provider.capture({
        providerReference: order.provider_reference,
        ourOrderId: order.id,
      });
      return (
        await this.apply({
          provider: provider.id,
          eventId: `capture:${order.id}:${result.state}`,
          source: 'capture',
          kind: result.state,
          orderId: order.id,
          providerReference: result.providerReference,
        })
      ).order;
    } catch (error) {
      // Not approved yet (the buyer came back another way): nothing to take; the state stays.
      if (error instanceof PaymentError && error.code === 'payment:not-approved') return this.row(orderId);
      throw error;
    }
  }

  /**
   * The buyer's browser is back from the provider. Capture what was approved; on the cancel URL, take the
   * provider's word if it has one, else the buyer gave up: cancelled (a payment that completes anyway
   * still wins, "captured" outranks "cancelled"). Returns where to send the buyer. Nothing here needs the
   * caller to be signed in: it can only complete or abandon what the buyer did at the provider.
   */
  async returned(
    providerId: string,
    orderId: string,
    cancel: { signature: string } | null,
  ): Promise<OrderRow> {
    const order = UUID.test(orderId) ? await this.row(orderId) : null;
    if (!order || order.provider !== providerId) throw new PitchsideError('order:not-found');
    if (!awaitsProvider(order.state)) return order;
    // Giving up is the buyer's alone: the cancel link the provider was given carries the order's signature.
    // Anyone else who knows an order id gets the plain return (a capture, if the provider says approved).
    const cancelled = cancel !== null && this.signedCancel(order.id, cancel.signature);
    try {
      if (!cancelled) return (await this.capture(order.id)) ?? order;
      const said = order.provider_reference
        ? await this.provider(order.provider).fetchState(order.provider_reference)
        : null;
      if (said?.state === 'approved') return (await this.capture(order.id)) ?? order;
      const kind = said && said.state !== 'created' ? said.state : 'cancelled';
      return (
        await this.apply({
          provider: order.provider,
          eventId: `return:${order.id}:${kind}`,
          source: 'return',
          kind,
          orderId: order.id,
        })
      ).order!;
    } catch (error) {
      // The provider is slow or down: the buyer goes to the result page, which shows the verified state;
      // the webhook or reconciliation settles the order.
      this.logger.warn({ err: error, orderId }, 'capture on return failed');
      return (await this.row(order.id)) ?? order;
    }
  }

  private cancelSignature(orderId: string): string {
    return createHmac('sha256', this.deps.returnSecret).update(`cancel:${orderId}`).digest('base64url');
  }

  private signedCancel(orderId: string, signature: string): boolean {
    const expected = Buffer.from(this.cancelSignature(orderId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Orders waiting on the provider (created, approved) longer than `olderThanMs`, each checked at most once per
   * that interval: the provider's word is applied; an approval is captured; a checkout the provider does not
   * know, or one nobody approved in a day, is cancelled.
   */
  async reconcile(options: {
    olderThanMs: number;
    limit?: number;
  }): Promise<{ checked: number; moved: number }> {
    const now = new Date();
    const due = await this.db.query<OrderRow>(
      `UPDATE orders SET reconciled_at = $2
        WHERE id IN (SELECT id FROM orders
                      WHERE state IN ('created', 'approved')
                        AND updated_at < $3
                        AND (reconciled_at IS NULL OR reconciled_at < $3)
                      ORDER BY coalesce(reconciled_at, updated_at) LIMIT $1)
        RETURNING *`,
      [options.limit ?? 50, now, new Date(now.getTime() - options.olderThanMs)],
    );
    let moved = 0;
    for (const order of due) {
      try {
        if (await this.reconcileOne(order)) moved++;
      } catch (error) {
        this.logger.warn({ err: error, orderId: order.id }, 'reconciliation of an order failed');
      }
    }
    return { checked: due.length, moved };
  }

  private async reconcileOne(order: OrderRow): Promise<boolean> {
    const provider = this.deps.providers.get(order.provider);
    if (!provider) return false; // Its provider is no longer configured: left for an operator.
    const said = order.provider_reference ? await provider.fetchState(order.provider_reference) : null;
    const abandoned = Date.now() - order.created_at.getTime() > ABANDONED_AFTER_MS;
    let kind: PaymentEventKind | null;
    if (!said) kind = 'cancelled';
    else if (said.state === 'created') kind = abandoned ? 'cancelled' : null;
    else kind = said.state;
    if (!kind) return false;
    const result = await this.apply({
      provider: provider.id,
      eventId: `reconcile:${order.id}:${kind}`,
      source: 'reconcile',
      kind,
      orderId: order.id,
      ...(said
        ? { providerReference: said.providerReference, amount: said.amount, currency: said.currency }
        : {}),
    });
    // The approval's webhook was lost: take the money the buyer agreed to, as the webhook would have.
    if (kind === 'approved') await this.capture(order.id);
    return result.outcome === 'moved';
  }
}
