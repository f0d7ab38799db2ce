import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { scoreboardRoom, type ScoreboardEntry, type ScoreboardScope } from '@pitchside/shared/protocol';
import { setLiveChannel } from '../../../lib/live-channel/live-channel.ts';
import { FakeChannel } from '../../../lib/live-channel/fake-channel.ts';
import { liveMatch, scoreOf } from '../testing/match-fixtures.ts';
import { useLiveStore } from './live-store.ts';
import {
  abandonScoreboardRequests,
  receiveScoreboardUpdate,
  resubscribeScoreboards,
  seedScoreboard,
  subscribeScoreboard,
  unsubscribeScoreboard,
} from './scoreboard-subscriptions.ts';

/**
 * The scoreboard store against a fake socket. Rooms are shared module state, so each test uses a
 * competition scope of its own; the 'live' scope is used only where the test is about it.
 */
let channel: FakeChannel;
let scope: ScoreboardScope;
let room: string;

beforeEach(() => {
  channel = new FakeChannel();
  setLiveChannel(channel);
  scope = { kind: 'competition', competitionId: `c-${randomUUID().slice(0, 8)}` };
  room = scoreboardRoom(scope);
});
afterEach(() => {
  unsubscribeScoreboard(scope);
  setLiveChannel(null);
});

const entry = (id: string, seq: number, home = 0, epoch = 'e1'): ScoreboardEntry => ({
  match: liveMatch(id, { score: scoreOf(home, 0) }),
  epoch,
  seq,
});
const shown = () => {
  const slot = useLiveStore.getState().scoreboards.get(room);
  return slot
    ? [...slot.entries.values()].map((e) => `${e.match.id}@${e.seq}:${e.match.score.current.home}`).sort()
    : null;
};

describe('scoreboard store', () => {
  it('subscribes with its scope and shows the list it gets', () => {
    expect(subscribeScoreboard(scope)).toBe(room);
    expect(useLiveStore.getState().scoreboards.get(room)?.loaded).toBe(false);
    expect(channel.last('scoreboard:subscribe').payload).toEqual({ scope });

    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('a', 3), entry('b', 7)] } });
    expect(shown()).toEqual(['a@3:0', 'b@7:0']);
    expect(useLiveStore.getState().scoreboards.get(room)?.loaded).toBe(true);
  });

  it('keeps the entries it holds at the same position, and wakes nobody when the answer repeats them', () => {
    subscribeScoreboard(scope);
    seedScoreboard(scope, { data: [entry('a', 3), entry('b', 7), entry('c', 1, 0, '')] });
    const seeded = useLiveStore.getState().scoreboards.get(room)!;

    // What the server rendered, parsed afresh: equal, but new objects (and a bare-list entry at no position).
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('a', 3), entry('b', 7)] } });
    const answered = useLiveStore.getState().scoreboards.get(room)!;
    expect(answered).not.toBe(seeded); // 'c' left
    expect(answered.entries.get('a')).toBe(seeded.entries.get('a'));
    expect(answered.entries.get('b')).toBe(seeded.entries.get('b'));

    resubscribeScoreboards();
    channel
      .last('scoreboard:subscribe')
      .reply({ data: { room, entries: [entry('a', 3), entry('b', 8, 1)] } });
    const moved = useLiveStore.getState().scoreboards.get(room)!;
    expect(moved.entries.get('a')).toBe(seeded.entries.get('a'));
    expect(shown()).toEqual(['a@3:0', 'b@8:1']);

    resubscribeScoreboards();
    channel
      .last('scoreboard:subscribe')
      .reply({ data: { room, entries: [entry('a', 3), entry('b', 8, 1)] } });
    expect(useLiveStore.getState().scoreboards.get(room)).toBe(moved);
  });

  it('upserts newer entries, ignores older ones, and takes any entry of a new epoch', () => {
    subscribeScoreboard(scope);
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('a', 3)] } });

    receiveScoreboardUpdate({ room, entry: entry('a', 4, 1), inScope: true });
    receiveScoreboardUpdate({ room, entry: entry('a', 2, 9), inScope: true });
    receiveScoreboardUpdate({ room, entry: entry('b', 1), inScope: true });
    expect(shown()).toEqual(['a@4:1', 'b@1:0']);

    receiveScoreboardUpdate({ room, entry: entry('a', 1, 5, 'e2'), inScope: true });
    expect(shown()).toEqual(['a@1:5', 'b@1:0']);
  });

  it('removes a match that leaves the scope', () => {
    subscribeScoreboard(scope);
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('a', 3), entry('b', 3)] } });
    receiveScoreboardUpdate({ room, entry: entry('a', 9), inScope: false });
    expect(shown()).toEqual(['b@3:0']);
  });

  it('folds pushes that arrived before the ack into the list, newer ones only', () => {
    subscribeScoreboard(scope);
    receiveScoreboardUpdate({ room, entry: entry('a', 2, 8), inScope: true }); // older than the list
    receiveScoreboardUpdate({ room, entry: entry('b', 6, 2), inScope: true }); // newer than the list
    receiveScoreboardUpdate({ room, entry: entry('c', 4), inScope: false }); // finished meanwhile

    channel
      .last('scoreboard:subscribe')
      .reply({ data: { room, entries: [entry('a', 3), entry('b', 5), entry('c', 3)] } });
    expect(shown()).toEqual(['a@3:0', 'b@6:2']);
  });

  it('fetches the whole list again on reconnect, dropping matches that left meanwhile', () => {
    subscribeScoreboard(scope);
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('a', 3), entry('b', 3)] } });

    abandonScoreboardRequests();
    resubscribeScoreboards();
    expect(channel.requests('scoreboard:subscribe').filter((r) => r.payload.scope === scope)).toHaveLength(2);
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [entry('b', 8, 3)] } });
    expect(shown()).toEqual(['b@8:3']);
  });

  it('ignores pushes for rooms it does not watch, and unsubscribes with its scope', () => {
    subscribeScoreboard(scope);
    channel.last('scoreboard:subscribe').reply({ data: { room, entries: [] } });
    receiveScoreboardUpdate({ room: 'scoreboard:competition:other', entry: entry('z', 1), inScope: true });
    expect(useLiveStore.getState().scoreboards.has('scoreboard:competition:other')).toBe(false);

    unsubscribeScoreboard(scope);
    expect(channel.last('scoreboard:unsubscribe').payload).toEqual({ scope });
    expect(useLiveStore.getState().scoreboards.has(room)).toBe(false);
  });
});
