import { useEffect, useState } from 'react';
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
  const known = match !== null;
  useEffect(() => {
    if (!missing || !match) return undefined;
    const controller = new AbortController();
    fetchExtras(match, controller.signal).then(setFetched, () => {}); // aborted: the page left
    return () => controller.abort();
    // Once per match: the match object itself changes with every clock tick.
  }, [missing, known, match?.id]);
  return missing ? (fetched ?? loaded) : loaded;
}
