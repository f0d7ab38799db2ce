import { useMemo, useRef } from 'react';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { rememberLatest, withLatest } from '../utils/latest-entries.ts';

/**
 * A list the socket has no room for (the hot matches: a ranking the server computes), kept current by the
 * two scoreboards the page watches anyway (`live`, and `day`'s: today's). Each entry shows the latest version of its match
 * seen in any of them (see latest-entries.ts); the list keeps its own order.
 *
 * What was seen is remembered while the page is open: a match that finishes leaves the live board (its
 * last push removes it there) but must not fall back to the score it had when the page loaded.
 */
export function useLatestEntries(
  base: readonly ScoreboardEntry[],
  live: readonly ScoreboardEntry[],
  day: readonly ScoreboardEntry[],
): ScoreboardEntry[] {
  const seen = useRef(new Map<string, ScoreboardEntry>());
  return useMemo(() => {
    // Idempotent (latest wins), so rendering twice in StrictMode changes nothing.
    rememberLatest(seen.current, [live, day]);
    return withLatest(base, seen.current);
  }, [base, live, day]);
}
