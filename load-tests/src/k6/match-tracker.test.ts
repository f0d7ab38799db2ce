import { describe, expect, it } from 'vitest';
import { judgeDelta } from '@pitchside/shared/protocol';
import { MatchTracker, judge, type DeltaHead } from '../../k6/lib/match-tracker.ts';

const delta = (seq: number, epoch = 'e1', at = 1000): DeltaHead => ({ matchId: '7', epoch, seq, at });

describe('MatchTracker (k6 lib)', () => {
  it('judges every delta exactly as the website does (shared judgeDelta)', () => {
    for (const held of [null, { epoch: 'e1', seq: 0 }, { epoch: 'e1', seq: 5 }, { epoch: 'e2', seq: 5 }]) {
      for (const epoch of ['e1', 'e2']) {
        for (let seq = 1; seq <= 8; seq++)
          expect(judge(held, { epoch, seq })).toBe(judgeDelta(held, { epoch, seq }));
      }
    }
  });

  it('applies the ack, then deltas that beat it; copies the ack already covered are redundant, not duplicates', () => {
    const tracker = new MatchTracker('7', () => 1040);
    expect(tracker.request()).toEqual({ matchId: '7' });
    tracker.subscribing();
    expect(tracker.receive(delta(5))).toBeNull(); // buffered until the ack
    expect(tracker.receive(delta(6))).toBeNull();
    const { observations, error } = tracker.acknowledged({ data: { kind: 'snapshot', epoch: 'e1', seq: 5 } });
    expect(error).toBeNull();
    expect(observations.map((o) => o.kind)).toEqual(['redundant', 'applied']);
    expect(tracker.position).toEqual({ epoch: 'e1', seq: 6 });
    expect(tracker.receive(delta(7))).toEqual({ kind: 'applied', latencyMs: 40 });
    expect(tracker.receive(delta(7))).toEqual({ kind: 'duplicate' });
    expect(tracker.receive({ ...delta(8), matchId: 'other' })).toBeNull();
  });

  it('on a gap resubscribes from its position; the missed deltas come in the ack', () => {
    const tracker = new MatchTracker('7', () => 2000);
    tracker.subscribing();
    tracker.acknowledged({ data: { kind: 'snapshot', epoch: 'e1', seq: 3 } });
    expect(tracker.receive(delta(6))).toEqual({ kind: 'gap', missing: 2 });
    expect(tracker.needsResubscribe).toBe(true);
    expect(tracker.request()).toEqual({ matchId: '7', since: { epoch: 'e1', seq: 3 } });
    tracker.subscribing();
    const { observations } = tracker.acknowledged({
      data: { kind: 'deltas', epoch: 'e1', seq: 6, deltas: [delta(4), delta(5), delta(6)] },
    });
    expect(observations.map((o) => o.kind)).toEqual(['applied', 'applied', 'applied']);
    expect(tracker.position).toEqual({ epoch: 'e1', seq: 6 });
    expect(tracker.needsResubscribe).toBe(false);
  });

  it('on a new epoch drops its position and asks for a snapshot; an error ack reports its code', () => {
    const tracker = new MatchTracker('7');
    tracker.subscribing();
    tracker.acknowledged({ data: { kind: 'snapshot', epoch: 'e1', seq: 9 } });
    expect(tracker.receive(delta(1, 'e2'))).toEqual({ kind: 'reset' });
    expect(tracker.request()).toEqual({ matchId: '7' });
    tracker.subscribing();
    expect(tracker.acknowledged({ error: { code: 'match:not-found' } })).toEqual({
      observations: [],
      error: 'match:not-found',
    });
    expect(tracker.acknowledged(undefined).error).toBe('bad-ack');
  });
});
