import type { MatchStreams, StreamSource } from '@pitchside/shared/payments';

/**
 * Which feed the stream tab opens with: for a viewer whose plan covers the match, the first premium feed
 * (the main broadcast); for anyone else the first free one, which plays at once; with no free feed, the
 * first feed, whose paywall says what it takes to watch.
 */
export function defaultSource(streams: Pick<MatchStreams, 'entitled' | 'sources'>): StreamSource | null {
  const { sources } = streams;
  const premium = sources.find((s) => s.access === 'premium' && s.url);
  const free = sources.find((s) => s.access === 'free' && s.url);
  return (streams.entitled ? (premium ?? free) : free) ?? sources[0] ?? null;
}

/** What the stage under the feed list shows for a feed: the player, or the paywall. */
export const stageOf = (source: StreamSource): 'player' | 'paywall' => (source.url ? 'player' : 'paywall');
