import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { fetchMatch } from '../api/live-rest.ts';
import { useLiveStore } from '../stores/live-store.ts';
import type { MatchSlot } from '../stores/match-slice.ts';
import { seedMatch, subscribeMatch, unsubscribeMatch } from '../stores/match-subscriptions.ts';

/**
 * One match, kept current by the socket for as long as the calling component is mounted.
 * When the socket is not live yet, REST paints first; the socket then resumes from that position.
 */
export function useLiveMatch(matchId: string): MatchSlot {
  useEffect(() => {
    subscribeMatch(matchId);
    const controller = new AbortController();
    if (useLiveStore.getState().connection.state !== 'live') {
      fetchMatch(matchId, controller.signal).then(
        (result) => seedMatch(matchId, result),
        () => {}, // aborted: the view left
      );
    }
    return () => {
      controller.abort();
      unsubscribeMatch(matchId);
    };
  }, [matchId]);

  return useLiveStore(
    useShallow((s) => {
      const slot = s.matches.get(matchId);
      return { held: slot?.held ?? null, error: slot?.error ?? null };
    }),
  );
}
