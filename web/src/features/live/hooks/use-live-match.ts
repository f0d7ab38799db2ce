import { useDeferredValue, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Ack } from '@pitchside/shared/protocol';
import { fetchMatch } from '../api/live-rest.ts';
import { useLiveStore } from '../stores/live-store.ts';
import type { HeldMatch, MatchSlot } from '../stores/match-slice.ts';
import { seedMatch, subscribeMatch, unsubscribeMatch } from '../stores/match-subscriptions.ts';

/**
 * One match, kept current by the socket for as long as the calling component is mounted.
 * `initial` is what the page's loader read (on the server or before a client navigation): it renders
 * first, identically on the server and in the hydrating browser, and the socket resumes from its position.
 * Without it, REST paints first when the socket is not live yet.
 */
export function useLiveMatch(matchId: string, initial?: Ack<HeldMatch>): MatchSlot {
  useEffect(() => {
    subscribeMatch(matchId);
    const controller = new AbortController();
    if (initial) seedMatch(matchId, initial);
    else if (useLiveStore.getState().connection.state !== 'live') {
      fetchMatch(matchId, controller.signal).then(
        (result) => seedMatch(matchId, result),
        () => {}, // aborted: the view left
      );
    }
    return () => {
      controller.abort();
      unsubscribeMatch(matchId);
    };
  }, [matchId, initial]);

  const current = useLiveStore(
    useShallow((s) => {
      const slot = s.matches.get(matchId);
      if (slot?.held || slot?.error) return { matchId, held: slot.held ?? null, error: slot.error ?? null };
      if (initial)
        return 'data' in initial
          ? { matchId, held: initial.data, error: null }
          : { matchId, held: null, error: initial.error };
      return { matchId, held: null, error: null };
    }),
  );
  // A delta re-renders the match centre in the background, in slices the browser can interrupt; another
  // match shows its own state at once (see useLiveScoreboard).
  const deferred = useDeferredValue(current);
  return deferred.matchId === matchId ? deferred : current;
}
