import { useEffect, useRef, useState } from 'react';
import type { Match } from '@pitchside/shared/domain';
import { fetchExtras, type MatchExtras } from '../api/match-centre-rest.ts';

/**
 * The table and past meetings of a match: what the page's loader read, or, when it could not (the match
 * itself was unavailable then and arrived later over the socket), read from the browser once the match
 * is known. Failed reads stay failed here; the tab says so.
 */
export function useMatchExtras(
  match: Pick<Match, 'id' | 'competition' | 'home' | 'away' | 'status'> | null,
  loaded: MatchExtras,
): MatchExtras {
  const [fetched, setFetched] = useState<MatchExtras | null>(null);
  const missing = loaded.standings === null && loaded.meetings === null;
  // Once per match: the match object itself changes with every clock tick, so the effect runs per match
  // id, with the match of the render that asked for it.
  const latestMatch = useRef(match);
  latestMatch.current = match;
  const matchId = match?.id ?? null;
  useEffect(() => {
    const known = latestMatch.current;
    if (!missing || !known) return undefined;
    const controller = new AbortController();
    fetchExtras(known, controller.signal).then(setFetched, () => {}); // aborted: the page left
    return () => controller.abort();
  }, [missing, matchId]);
  return missing ? (fetched ?? loaded) : loaded;
}
