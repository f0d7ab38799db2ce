import { describe, expect, it } from 'vitest';
import { ORDER_STATES, resultPageOf } from '@pitchside/shared/payments';
import { isOrderId, outcomeOf, pollDelayMs } from './order-outcome.ts';

describe('outcomeOf', () => {
  it('shows success only for a captured order, whatever page the buyer landed on', () => {
    expect(outcomeOf('captured')).toMatchObject({ key: 'captured', tone: 'success', poll: false });
    for (const state of ORDER_STATES.filter((s) => s !== 'captured'))
      expect(outcomeOf(state).tone, state).not.toBe('success');
  });

  it('keeps asking while the provider has not settled the order, and only then', () => {
    expect(ORDER_STATES.filter((s) => outcomeOf(s).poll)).toEqual(['created', 'approved']);
    expect(outcomeOf('approved').key).toBe('pending');
  });

  it('tells a declined, a cancelled and a refunded payment apart', () => {
    expect(['failed', 'cancelled', 'refunded'].map((s) => outcomeOf(s as 'failed').key)).toEqual([
      'failed',
      'cancelled',
      'refunded',
    ]);
  });

  it('belongs to the same page the gateway sends the buyer to for each state', () => {
    for (const state of ORDER_STATES) expect(outcomeOf(state).page, state).toBe(resultPageOf(state));
  });
});

describe('pollDelayMs', () => {
  it('starts at a second and backs off to five', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
  });
});

describe('isOrderId', () => {
  it('accepts the gateway ids only', () => {
    expect(isOrderId('0b7e4f9c-55d3-4a8e-9a0e-2f7c1d3b9e10')).toBe(true);
    expect(isOrderId(null)).toBe(false);
    expect(isOrderId('../account')).toBe(false);
    expect(isOrderId('')).toBe(false);
  });
});
