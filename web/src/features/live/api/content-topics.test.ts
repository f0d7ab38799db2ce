import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveChannel } from './live-channel.ts';
import { FakeChannel } from '../testing/fake-channel.ts';
import { followContentTopic, receiveContentChanged, resubscribeContentTopics } from './content-topics.ts';

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
});
