import { useEffect } from 'react';
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

  return useLiveStore(
    useShallow((s) => {
      const slot = s.matches.get(matchId);
      if (slot?.held || slot?.error) return { held: slot.held ?? null, error: slot.error ?? null };
      if (initial)
        return 'data' in initial ? { held: initial.data, error: null } : { held: null, error: initial.error };
      return { held: null, error: null };
    }),
  );
}
