import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setLiveChannel } from '../../../lib/live-channel/live-channel.ts';
import { FakeChannel } from '../../../lib/live-channel/fake-channel.ts';
import {
  clockChange,
  delta,
  detailOf,
  goalAdded,
  liveMatch,
  scoreChange,
  scoreOf,
} from '../testing/match-fixtures.ts';
import { useLiveStore } from './live-store.ts';
import {
  abandonMatchRequests,
  receiveMatchDelta,
  resubscribeMatches,
  seedMatch,
  subscribeMatch,
  unsubscribeMatch,
} from './match-subscriptions.ts';

/**
 * The match store against a fake socket: the real store, the real judgeDelta and applyDelta. Each test
 * watches its own match id, so the module-level subscriptions of one test never meet another's.
 */
let channel: FakeChannel;
let matchId: string;

beforeEach(() => {
  channel = new FakeChannel();
  setLiveChannel(channel);
  matchId = `m-${randomUUID().slice(0, 8)}`;
});
afterEach(() => {
  unsubscribeMatch(matchId);
  setLiveChannel(null);
});

const held = () => useLiveStore.getState().matches.get(matchId)?.held ?? null;
const score = () => held()?.detail.match.score.current;
const subscribes = () => channel.requests('match:subscribe').filter((r) => r.payload.matchId === matchId);

/** Subscribes and answers with a snapshot at `seq` of epoch 'e1', score 0-0. */
function subscribeWithSnapshot(seq: number) {
  subscribeMatch(matchId);
  channel.last('match:subscribe').reply({
    data: { kind: 'snapshot', epoch: 'e1', seq, detail: detailOf(liveMatch(matchId)) },
  });
}

describe('match store: deltas', () => {
  it('subscribes on first view with no position, and holds the snapshot it gets', () => {
    subscribeWithSnapshot(3);
    expect(subscribes()).toHaveLength(1);
    expect(subscribes()[0]!.payload).toEqual({ matchId });
    expect(held()).toMatchObject({ epoch: 'e1', seq: 3 });
    expect(score()).toEqual({ home: 0, away: 0 });
  });

  it('applies deltas that follow on, in order', () => {
    subscribeWithSnapshot(3);
    receiveMatchDelta(delta(matchId, 'e1', 4, scoreChange(1, 0), goalAdded('g1', 12, 'liv')));
    receiveMatchDelta(delta(matchId, 'e1', 5, clockChange(13)));
    receiveMatchDelta(delta(matchId, 'e1', 6, scoreChange(2, 0), goalAdded('g2', 14, 'liv')));

    expect(held()).toMatchObject({ epoch: 'e1', seq: 6 });
    expect(score()).toEqual({ home: 2, away: 0 });
    expect(held()?.detail.match.clock.elapsed).toBe(13);
    expect(held()?.detail.events.map((e) => e.id)).toEqual(['g1', 'g2']);
    expect(subscribes()).toHaveLength(1);
  });

  it('ignores a delta it already holds', () => {
    subscribeWithSnapshot(3);
    receiveMatchDelta(delta(matchId, 'e1', 4, scoreChange(1, 0)));
    const before = held();
    receiveMatchDelta(delta(matchId, 'e1', 4, scoreChange(1, 0)));
    receiveMatchDelta(delta(matchId, 'e1', 2, scoreChange(7, 7)));

    expect(held()).toBe(before);
    expect(score()).toEqual({ home: 1, away: 0 });
    expect(subscribes()).toHaveLength(1);
  });

  it('asks for a full snapshot when a delta is missing, and keeps showing what it has meanwhile', () => {
    subscribeWithSnapshot(3);
    receiveMatchDelta(delta(matchId, 'e1', 5, scoreChange(2, 0)));

    expect(subscribes()).toHaveLength(2);
    expect(subscribes()[1]!.payload).toEqual({ matchId }); // no `since`: everything again
    expect(held()).toMatchObject({ seq: 3 });
    expect(score()).toEqual({ home: 0, away: 0 });

    subscribes()[1]!.reply({
      data: {
        kind: 'snapshot',
        epoch: 'e1',
        seq: 5,
        detail: detailOf(liveMatch(matchId, { score: scoreOf(2, 0) })),
      },
    });
    expect(held()).toMatchObject({ seq: 5 });
    expect(score()).toEqual({ home: 2, away: 0 });
  });

  it('resyncs when the epoch changes (the match history restarted)', () => {
    subscribeWithSnapshot(40);
    receiveMatchDelta(delta(matchId, 'e2', 1, scoreChange(1, 1)));

    expect(subscribes()).toHaveLength(2);
    expect(subscribes()[1]!.payload).toEqual({ matchId });
    subscribes()[1]!.reply({
      data: {
        kind: 'snapshot',
        epoch: 'e2',
        seq: 1,
        detail: detailOf(liveMatch(matchId, { score: scoreOf(1, 1) })),
      },
    });
    expect(held()).toMatchObject({ epoch: 'e2', seq: 1 });

    receiveMatchDelta(delta(matchId, 'e2', 2, scoreChange(2, 1)));
    expect(score()).toEqual({ home: 2, away: 1 });
  });

  it('buffers deltas that arrive before the subscribe ack and applies the newer ones after it', () => {
    subscribeMatch(matchId);
    // Pushed while the ack is on its way: 4 is already in the snapshot, 5 and 6 are not.
    receiveMatchDelta(delta(matchId, 'e1', 4, scoreChange(1, 0)));
    receiveMatchDelta(delta(matchId, 'e1', 5, scoreChange(2, 0)));
    receiveMatchDelta(delta(matchId, 'e1', 6, clockChange(30)));
    expect(held()).toBeNull();

    channel.last('match:subscribe').reply({
      data: {
        kind: 'snapshot',
        epoch: 'e1',
        seq: 4,
        detail: detailOf(liveMatch(matchId, { score: scoreOf(1, 0) })),
      },
    });

    expect(held()).toMatchObject({ epoch: 'e1', seq: 6 });
    expect(score()).toEqual({ home: 2, away: 0 });
    expect(held()?.detail.match.clock.elapsed).toBe(30);
    expect(subscribes()).toHaveLength(1);
  });

  it('does not apply buffered deltas the snapshot already contains', () => {
    subscribeMatch(matchId);
    receiveMatchDelta(delta(matchId, 'e1', 4, scoreChange(1, 0)));
    channel.last('match:subscribe').reply({
      data: {
        kind: 'snapshot',
        epoch: 'e1',
        seq: 5,
        detail: detailOf(liveMatch(matchId, { score: scoreOf(2, 0) })),
      },
    });
    expect(held()).toMatchObject({ seq: 5 });
    expect(score()).toEqual({ home: 2, away: 0 });
  });
});

describe('match store: reconnecting', () => {
  it('resumes with `since` on reconnect and folds in the deltas it missed', () => {
    subscribeWithSnapshot(3);
    receiveMatchDelta(delta(matchId, 'e1', 4, clockChange(20)));

    channel.connected = false;
    abandonMatchRequests();
    channel.connected = true;
    resubscribeMatches();

    expect(subscribes().at(-1)!.payload).toEqual({ matchId, since: { epoch: 'e1', seq: 4 } });
    subscribes()
      .at(-1)!
      .reply({
        data: {
          kind: 'deltas',
          epoch: 'e1',
          seq: 6,
          deltas: [
            delta(matchId, 'e1', 5, scoreChange(0, 1), goalAdded('g1', 25, 'ars')),
            delta(matchId, 'e1', 6, clockChange(27)),
          ],
        },
      });
    expect(held()).toMatchObject({ epoch: 'e1', seq: 6 });
    expect(score()).toEqual({ home: 0, away: 1 });
    expect(held()?.detail.events).toHaveLength(1);
  });

  it('asks for a snapshot when the resume answer does not reach the position it announces', () => {
    subscribeWithSnapshot(3);
    resubscribeMatches();
    const before = subscribes().length;
    subscribes()
      .at(-1)!
      .reply({
        data: { kind: 'deltas', epoch: 'e1', seq: 6, deltas: [delta(matchId, 'e1', 4, clockChange(20))] },
      });
    expect(subscribes()).toHaveLength(before + 1);
    expect(subscribes().at(-1)!.payload).toEqual({ matchId });
  });

  it('ignores an answer to a request that a newer one superseded', () => {
    subscribeMatch(matchId);
    const first = channel.last('match:subscribe');
    abandonMatchRequests(); // the connection dropped before the answer
    resubscribeMatches();
    const second = channel.last('match:subscribe');

    second.reply({ data: { kind: 'snapshot', epoch: 'e1', seq: 8, detail: detailOf(liveMatch(matchId)) } });
    first.reply({ data: { kind: 'snapshot', epoch: 'e1', seq: 2, detail: detailOf(liveMatch(matchId)) } });
    expect(held()).toMatchObject({ seq: 8 });
  });

  it('sends nothing while disconnected, and subscribes once connected', () => {
    channel.connected = false;
    subscribeMatch(matchId);
    expect(subscribes()).toHaveLength(0);
    channel.connected = true;
    resubscribeMatches();
    expect(subscribes()).toHaveLength(1);
  });

  it('takes a REST first paint only while nothing better is held', () => {
    channel.connected = false;
    subscribeMatch(matchId);
    seedMatch(matchId, { data: { epoch: 'e1', seq: 2, detail: detailOf(liveMatch(matchId)) } });
    expect(held()).toMatchObject({ seq: 2 });

    channel.connected = true;
    resubscribeMatches();
    expect(subscribes().at(-1)!.payload).toEqual({ matchId, since: { epoch: 'e1', seq: 2 } });
    subscribes()
      .at(-1)!
      .reply({
        data: { kind: 'deltas', epoch: 'e1', seq: 3, deltas: [delta(matchId, 'e1', 3, scoreChange(1, 0))] },
      });
    seedMatch(matchId, { data: { epoch: 'e1', seq: 2, detail: detailOf(liveMatch(matchId)) } });
    expect(held()).toMatchObject({ seq: 3 });
    expect(score()).toEqual({ home: 1, away: 0 });
  });
});

describe('match store: subscriptions', () => {
  it('reports an unknown match', () => {
    subscribeMatch(matchId);
    channel
      .last('match:subscribe')
      .reply({ error: { code: 'match:not-found', message: 'No match has this id.' } });
    expect(useLiveStore.getState().matches.get(matchId)).toEqual({
      held: null,
      error: { code: 'match:not-found', message: 'No match has this id.' },
    });
  });

  it('asks again after a transient refusal, keeping what it shows meanwhile', () => {
    vi.useFakeTimers();
    try {
      subscribeWithSnapshot(3);
      resubscribeMatches();
      subscribes()
        .at(-1)!
        .reply({ error: { code: 'server:unavailable', message: 'Try again shortly.' } });
      expect(held()).toMatchObject({ seq: 3 });
      expect(useLiveStore.getState().matches.get(matchId)?.error?.code).toBe('server:unavailable');

      vi.advanceTimersByTime(5_000);
      expect(subscribes()).toHaveLength(3);
      expect(subscribes().at(-1)!.payload).toEqual({ matchId, since: { epoch: 'e1', seq: 3 } });
      subscribes()
        .at(-1)!
        .reply({ data: { kind: 'deltas', epoch: 'e1', seq: 3, deltas: [] } });
      expect(useLiveStore.getState().matches.get(matchId)?.error).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('parses the answer at the socket boundary: a malformed one is a failure, not a held match', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    subscribeMatch(matchId);
    channel.last('match:subscribe').reply({ data: { kind: 'snapshot', epoch: 'e1', seq: 'three' } });
    expect(held()).toBeNull();
    expect(useLiveStore.getState().matches.get(matchId)?.error?.code).toBe('server:internal');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('does not ask again for a match that does not exist', () => {
    vi.useFakeTimers();
    try {
      subscribeMatch(matchId);
      channel
        .last('match:subscribe')
        .reply({ error: { code: 'match:not-found', message: 'No match has this id.' } });
      vi.advanceTimersByTime(10_000);
      expect(subscribes()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one subscription between views and unsubscribes when the last one leaves', () => {
    subscribeWithSnapshot(1);
    subscribeMatch(matchId);
    unsubscribeMatch(matchId);
    expect(channel.requests('match:unsubscribe')).toHaveLength(0);
    expect(held()).not.toBeNull();

    unsubscribeMatch(matchId);
    expect(channel.last('match:unsubscribe').payload).toEqual({ matchId });
    expect(useLiveStore.getState().matches.has(matchId)).toBe(false);
    // A push that was already on its way is dropped rather than resurrecting the match.
    receiveMatchDelta(delta(matchId, 'e1', 2, clockChange(11)));
    expect(useLiveStore.getState().matches.has(matchId)).toBe(false);
    expect(subscribes()).toHaveLength(1);
  });

  it('replaces the Map on every change, so selectors see a new state', () => {
    subscribeWithSnapshot(1);
    const before = useLiveStore.getState().matches;
    receiveMatchDelta(delta(matchId, 'e1', 2, clockChange(11)));
    expect(useLiveStore.getState().matches).not.toBe(before);
  });
});
