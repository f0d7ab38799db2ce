import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveChannel } from '../live-channel/live-channel.ts';
import { FakeChannel } from '../live-channel/fake-channel.ts';
import {
  changedSincePageRequest,
  followContentTopic,
  receiveContentChanged,
  resubscribeContentTopics,
} from './content-topics.ts';

/** The content topics' bookkeeping against a fake socket: one subscription per topic, however many views. */
let channel: FakeChannel;
const stops: (() => void)[] = [];
const at = new Date().toISOString();

beforeEach(() => {
  channel = new FakeChannel();
  setLiveChannel(channel);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  setLiveChannel(null);
});

const follow = (topic: string, listener: () => void) => {
  const stop = followContentTopic(topic, listener);
  stops.push(stop);
  return stop;
};

describe('content topics', () => {
  it('subscribes once per topic, calls every follower on a push, unsubscribes after the last', () => {
    const calls: string[] = [];
    const stopA = follow('hot-matches', () => calls.push('a'));
    follow('hot-matches', () => calls.push('b'));
    follow('movies', () => calls.push('movies'));
    expect(channel.requests('content:subscribe').map((r) => r.payload)).toEqual([
      { topic: 'hot-matches' },
      { topic: 'movies' },
    ]);

    receiveContentChanged({ topic: 'hot-matches', at });
    expect(calls).toEqual(['a', 'b']);

    stopA();
    expect(channel.requests('content:unsubscribe')).toEqual([]);
    receiveContentChanged({ topic: 'hot-matches', at });
    expect(calls).toEqual(['a', 'b', 'b']);
    for (const stop of stops.splice(0)) stop();
    expect(channel.requests('content:unsubscribe').map((r) => r.payload)).toEqual([
      { topic: 'hot-matches' },
      { topic: 'movies' },
    ]);
    receiveContentChanged({ topic: 'hot-matches', at });
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('subscribes on (re)connect; after a reconnect every follower reads again', () => {
    channel.connected = false;
    let calls = 0;
    follow('tv', () => (calls += 1));
    expect(channel.requests('content:subscribe')).toEqual([]);
    channel.connected = true;
    resubscribeContentTopics(); // connected (first time in this test module, or a reconnect)
    resubscribeContentTopics(); // a reconnect for sure
    expect(channel.requests('content:subscribe').map((r) => r.payload)).toEqual([
      { topic: 'tv' },
      { topic: 'tv' },
    ]);
    expect(calls).toBeGreaterThanOrEqual(1);
  });

  it('catches up once when the topic changed after the page was requested, not for an older change', () => {
    let calls = 0;
    follow('page:terms:de', () => (calls += 1));
    const [request] = channel.requests('content:subscribe');
    const now = new Date();
    // Changed 200 ms ago, and this document was requested well before (performance.now() is seconds here).
    const fresh = new Date(now.getTime() - 200).toISOString();
    request!.reply({ data: { topic: 'page:terms:de', changedAt: fresh, now: now.toISOString() } });
    expect(calls).toBe(1);

    let otherCalls = 0;
    follow('movies', () => (otherCalls += 1));
    const movies = channel.requests('content:subscribe').find((r) => r.payload.topic === 'movies')!;
    movies.reply({ data: { topic: 'movies', changedAt: null, now: now.toISOString() } });
    expect(otherCalls).toBe(0);
  });

  it('compares in the server clock: changed before the request left is not stale', () => {
    const now = '2026-11-23T05:00:10.000Z';
    // The page was requested 5 s ago (server time 05:00:05); its render time is not known.
    const changed = (changedAt: string | null) =>
      changedSincePageRequest({ topic: 'tv', changedAt, now }, null, 5000);
    expect(changed('2026-11-23T05:00:06.500Z')).toBe(true);
    expect(changed('2026-11-23T05:00:02.000Z')).toBe(false);
    expect(changed(null)).toBe(false);
  });

  it('catches up on a change after the render even when the cached page was requested much later', () => {
    // Rendered at 05:00:00, served from the page cache 20 s later; the topic changed at 05:00:05.
    const ack = {
      topic: 'tv' as const,
      changedAt: '2026-11-23T05:00:05.000Z',
      now: '2026-11-23T05:00:21.000Z',
    };
    expect(changedSincePageRequest(ack, '2026-11-23T05:00:00.000Z', 1000)).toBe(true);
    expect(changedSincePageRequest(ack, '2026-11-23T05:00:08.000Z', 1000)).toBe(false);
  });
});
