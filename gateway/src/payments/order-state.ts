/**
 * One order state machine for every payment provider (issue 5). States only move forward: an event that
 * would move an order back (a late "approved" after "captured", a retried "failed" after a refund) changes
 * nothing and says why, so webhooks may arrive late, twice or out of order.
 *
 *   created ──▶ approved ──▶ captured ──▶ refunded
 *      │           │            ▲
 *      ├───────────┴──▶ failed ─┤
 *      └───────────┴─▶ cancelled┘
 *
 * "captured" outranks "failed" and "cancelled": when a provider reports that money moved after we had
 * believed it would not (a capture completing after the buyer clicked cancel, an async payment that
 * succeeds on a retry), the money is real and the buyer must get what they paid for; refusing the move
 * would lose a payment. "refunded" outranks everything: money that came back is the last word, even when
 * its "captured" event is still on the way.
 */

export const ORDER_STATES = ['created', 'approved', 'captured', 'failed', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What a provider event claims; every claim is a state an order can be moved to. */
export type PaymentEventKind = Exclude<OrderState, 'created'>;

const ALLOWED: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['approved', 'captured', 'failed', 'cancelled', 'refunded'],
  approved: ['captured', 'failed', 'cancelled', 'refunded'],
  failed: ['captured', 'refunded'],
  cancelled: ['captured', 'refunded'],
  captured: ['refunded'],
  refunded: [],
};

/** How far along an order is; equal ranks (failed, cancelled) are two ends of the same road. */
const RANK: Readonly<Record<OrderState, number>> = {
  created: 0,
  approved: 1,
  failed: 2,
  cancelled: 2,
  captured: 3,
  refunded: 4,
};

/** What the caller must do besides storing the new state. */
export type TransitionEffect = 'grant' | 'revoke' | 'none';

export type NoopReason =
  /** The order is already in that state: a duplicate or a replayed event. */
  | 'already-in-state'
  /** The order is past that state: a late, out-of-order event. */
  | 'stale'
  /** The order ended the other way (failed vs cancelled); the first word stands. */
  | 'already-ended';

export type Transition =
  | { moved: true; from: OrderState; to: OrderState; effect: TransitionEffect }
  | { moved: false; from: OrderState; to: OrderState; reason: NoopReason };

export const canTransition = (from: OrderState, to: OrderState): boolean => ALLOWED[from].includes(to);

/** Applies an event's claim to an order's state. Pure: storing the result is the caller's job. */
export function transition(from: OrderState, to: OrderState): Transition {
  if (canTransition(from, to)) return { moved: true, from, to, effect: effectOf(from, to) };
  const reason: NoopReason =
    from === to ? 'already-in-state' : RANK[to] === RANK[from] ? 'already-ended' : 'stale';
  return { moved: false, from, to, reason };
}

/**
 * Entering "captured" grants the plan; leaving it for "refunded" takes it back. A refund of an order that
 * was never captured here (its "captured" event is late) revokes nothing because nothing was granted.
 */
function effectOf(from: OrderState, to: OrderState): TransitionEffect {
  if (to === 'captured') return 'grant';
  if (to === 'refunded' && from === 'captured') return 'revoke';
  return 'none';
}

/**
 * An order left here is waiting for the provider: the reconciliation job asks the provider about it. The
 * other states are settled by the provider's own word (a refund of a captured order comes as a webhook).
 */
export const awaitsProvider = (state: OrderState): boolean => state === 'created' || state === 'approved';
