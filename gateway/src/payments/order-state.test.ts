import { describe, expect, it } from 'vitest';
import { ORDER_STATES, awaitsProvider, transition, type OrderState } from './order-state.ts';

/**
 * Every (from, to) pair, written out by hand rather than derived from the module: "move" with its effect,
 * or the reason nothing happens.
 */
const EXPECTED: Record<OrderState, Record<OrderState, string>> = {
  created: {
    created: 'already-in-state',
    approved: 'move',
    captured: 'move:grant',
    failed: 'move',
    cancelled: 'move',
    refunded: 'move',
  },
  approved: {
    created: 'stale',
    approved: 'already-in-state',
    captured: 'move:grant',
    failed: 'move',
    cancelled: 'move',
    refunded: 'move',
  },
  captured: {
    created: 'stale',
    approved: 'stale',
    captured: 'already-in-state',
    failed: 'stale',
    cancelled: 'stale',
    refunded: 'move:revoke',
  },
  failed: {
    created: 'stale',
    approved: 'stale',
    captured: 'move:grant',
    failed: 'already-in-state',
    cancelled: 'already-ended',
    refunded: 'move',
  },
  cancelled: {
    created: 'stale',
    approved: 'stale',
    captured: 'move:grant',
    failed: 'already-ended',
    cancelled: 'already-in-state',
    refunded: 'move',
  },
  refunded: {
    created: 'stale',
    approved: 'stale',
    captured: 'stale',
    failed: 'stale',
    cancelled: 'stale',
    refunded: 'already-in-state',
  },
};

const outcome = (from: OrderState, to: OrderState): string => {
  const t = transition(from, to);
  if (!t.moved) return t.reason;
  return t.effect === 'none' ? 'move' : `move:${t.effect}`;
};

/** Applies events in order, the way the webhook handler will: a no-op keeps the state. */
const replay = (events: OrderState[], from: OrderState = 'created'): OrderState =>
  events.reduce<OrderState>((state, to) => {
    const t = transition(state, to);
    return t.moved ? t.to : state;
  }, from);

describe('order state machine', () => {
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      it(`${from} → ${to}: ${EXPECTED[from][to]}`, () => {
        expect(outcome(from, to)).toBe(EXPECTED[from][to]);
      });
    }
  }

  it('a refused move reports where the order stays', () => {
    expect(transition('captured', 'approved')).toEqual({
      moved: false,
      from: 'captured',
      to: 'approved',
      reason: 'stale',
    });
  });

  it('late events change nothing: approved after captured, captured after refunded', () => {
    expect(replay(['captured', 'approved'])).toBe('captured');
    expect(replay(['approved', 'captured', 'refunded', 'captured', 'approved'])).toBe('refunded');
  });

  it('arrives at the same state whatever order the approved, captured and refunded events come in', () => {
    const events: OrderState[] = ['approved', 'captured', 'refunded'];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) expect(replay(order.map((i) => events[i] as OrderState))).toBe('refunded');
    expect(replay(['captured', 'approved'])).toBe(replay(['approved', 'captured']));
  });

  it('grants once however often the capture is reported', () => {
    let state: OrderState = 'approved';
    const grants = ['captured', 'captured', 'captured'].filter((to) => {
      const t = transition(state, to as OrderState);
      if (t.moved) state = t.to;
      return t.moved && t.effect === 'grant';
    });
    expect(grants).toHaveLength(1);
  });

  it('a capture that completes after a decline or a cancel still counts: money that moved is never lost', () => {
    expect(replay(['failed', 'captured'])).toBe('captured');
    expect(replay(['cancelled', 'captured'])).toBe('captured');
  });

  it('a refund that overtakes its capture ends the order without a grant to take back', () => {
    expect(transition('approved', 'refunded')).toMatchObject({ moved: true, effect: 'none' });
    expect(replay(['refunded', 'captured'])).toBe('refunded');
  });

  it('only created and approved orders wait on the provider', () => {
    expect(ORDER_STATES.filter(awaitsProvider)).toEqual(['created', 'approved']);
  });
});
