import type { OrderState, PaymentResultPage } from '@pitchside/shared/payments';

/**
 * What the payment result pages show for an order, from the state the server verified (GET /api/orders/:id)
 * and nothing else: the page the provider sent the buyer to (success, failure, result) only says where the
 * gateway thought the order stood at that moment. A page never grants anything; it reads.
 */
export type OutcomeKey = 'pending' | 'captured' | 'failed' | 'cancelled' | 'refunded';

export interface OrderOutcome {
  key: OutcomeKey;
  tone: 'success' | 'failure' | 'pending';
  /** Read the order again: the provider has not settled it yet. */
  poll: boolean;
  /** The result page that belongs to this state (the gateway's resultPageOf). */
  page: PaymentResultPage;
}

const OUTCOMES: Record<OrderState, OrderOutcome> = {
  created: { key: 'pending', tone: 'pending', poll: true, page: 'result' },
  approved: { key: 'pending', tone: 'pending', poll: true, page: 'result' },
  captured: { key: 'captured', tone: 'success', poll: false, page: 'success' },
  failed: { key: 'failed', tone: 'failure', poll: false, page: 'failure' },
  cancelled: { key: 'cancelled', tone: 'failure', poll: false, page: 'failure' },
  refunded: { key: 'refunded', tone: 'failure', poll: false, page: 'failure' },
};

export const outcomeOf = (state: OrderState): OrderOutcome => OUTCOMES[state];

/**
 * How long to wait before reading an unsettled order again: quick at first (the sandbox and most card
 * payments settle within a second or two), then slower, never more often than once a second.
 */
export function pollDelayMs(attempt: number): number {
  return Math.min(5000, Math.round(1000 * 1.5 ** Math.max(0, attempt)));
}

/**
 * After this long the page stops asking and says the confirmation is late. The reconciliation job keeps
 * settling the order on the server; the account page shows the result whenever it comes.
 */
export const POLL_GIVE_UP_MS = 90_000;

/** An order id as the gateway issues them (a UUID); anything else is not worth a request. */
export const isOrderId = (value: string | null): value is string =>
  value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
