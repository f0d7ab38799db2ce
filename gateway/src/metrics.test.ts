import { describe, expect, it } from 'vitest';
import { sample } from '@pitchside/test-support/faults/prometheus-text';
import { createGatewayMetrics, TOP_MATCHES, topMatches } from './metrics.ts';

describe('gateway metrics', () => {
  it('labels the most watched matches and sums the rest, so the label set stays bounded', async () => {
    // 30 matches: match m{i} has i+1 viewers.
    const counts = Array.from({ length: 30 }, (_, i) => [`m${i}`, i + 1] as const);
    const metrics = createGatewayMetrics({
      sockets: () => 7,
      matchesWatched: () => 30,
      viewersByMatch: () => counts,
    });
    const text = await metrics.registry.metrics();
    const labelled = text.split('\n').filter((l) => l.startsWith('gateway_match_viewers{'));
    expect(labelled).toHaveLength(TOP_MATCHES + 1);
    expect(sample(text, 'gateway_match_viewers', { match: 'm29' })).toBe(30);
    expect(sample(text, 'gateway_match_viewers', { match: 'm10' })).toBe(11);
    expect(sample(text, 'gateway_match_viewers', { match: 'm9' })).toBeNull();
    expect(sample(text, 'gateway_match_viewers', { match: 'other' })).toBe(55); // 1 + ... + 10
    expect(sample(text, 'gateway_sockets')).toBe(7);
  });

  it('forgets a match nobody watches any more', async () => {
    let counts: (readonly [string, number])[] = [['a', 2]];
    const metrics = createGatewayMetrics({
      sockets: () => 0,
      matchesWatched: () => 0,
      viewersByMatch: () => counts,
    });
    expect(sample(await metrics.registry.metrics(), 'gateway_match_viewers', { match: 'a' })).toBe(2);
    counts = [];
    expect(sample(await metrics.registry.metrics(), 'gateway_match_viewers', { match: 'a' })).toBeNull();
  });

  it('includes the event-loop lag among the default metrics', async () => {
    const metrics = createGatewayMetrics({ sockets: () => 0, matchesWatched: () => 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await metrics.registry.metrics();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
  });

  it('orders ties by id', () => {
    expect(
      topMatches(
        [
          ['b', 1],
          ['a', 1],
          ['c', 3],
        ],
        2,
      ),
    ).toEqual({
      top: [
        ['c', 3],
        ['a', 1],
      ],
      other: 1,
    });
  });
});
