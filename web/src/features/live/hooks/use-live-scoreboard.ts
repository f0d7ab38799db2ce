import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ErrorBody } from '@pitchside/shared/errors';
import {
  scoreboardRoom,
  type Ack,
  type ScoreboardEntry,
  type ScoreboardScope,
} from '@pitchside/shared/protocol';
import { fetchLiveMatches } from '../api/live-rest.ts';
import { useLiveStore } from '../stores/live-store.ts';
import {
  seedScoreboard,
  subscribeScoreboard,
  unsubscribeScoreboard,
} from '../stores/scoreboard-subscriptions.ts';

export interface LiveScoreboard {
  entries: readonly ScoreboardEntry[];
  /** False until a first list arrived: the page says "loading", not "nothing is live". */
  loaded: boolean;
  error: ErrorBody | null;
}

export const LIVE_SCOPE: ScoreboardScope = { kind: 'live' };
const NO_ENTRIES = new Map<string, ScoreboardEntry>();

/**
 * A scoreboard (every live match, a day's matches, a competition's), kept current by the socket while the
 * calling component is mounted. `initial` is the loader's list: it renders first, on the server and in the
 * hydrating browser alike; the socket's answer replaces it.
 */
export function useLiveScoreboard(
  scope: ScoreboardScope = LIVE_SCOPE,
  initial?: Ack<readonly ScoreboardEntry[]>,
): LiveScoreboard {
  const room = scoreboardRoom(scope);
  // The room name is the scope's identity; a new object for the same scope must not resubscribe. So the
  // effect runs per room, with the scope of the render that asked for it.
  const latestScope = useRef(scope);
  latestScope.current = scope;

  useEffect(() => {
    const subscribed = latestScope.current;
    subscribeScoreboard(subscribed);
    const controller = new AbortController();
    if (initial) seedScoreboard(subscribed, initial);
    else if (subscribed.kind === 'live' && useLiveStore.getState().connection.state !== 'live') {
      fetchLiveMatches(controller.signal).then(
        (result) => seedScoreboard(subscribed, result),
        () => {}, // aborted: the view left
      );
    }
    return () => {
      controller.abort();
      unsubscribeScoreboard(subscribed);
    };
  }, [room, initial]);

  const current = useLiveStore(
    useShallow((s) => {
      const found = s.scoreboards.get(room);
      return {
        room,
        entries: found?.entries ?? null,
        loaded: found?.loaded ?? false,
        error: found?.error ?? null,
      };
    }),
  );
  // A push re-renders the lists in the background, in slices the browser can interrupt (a store update
  // alone renders in one uninterruptible task, on a phone tens of milliseconds of a busy list): React
  // first renders with the entries it had, which changes nothing, then with the new ones. A new scope
  // (another day) shows its own entries at once, never the previous scope's.
  const deferred = useDeferredValue(current);
  const slot = deferred.room === room ? deferred : current;
  const initialEntries = useMemo(
    () => (initial && 'data' in initial ? new Map(initial.data.map((e) => [e.match.id, e])) : null),
    [initial],
  );
  const usable = slot.loaded ? slot.entries : initialEntries;
  const entries = useMemo(() => [...(usable ?? NO_ENTRIES).values()], [usable]);
  if (!slot.loaded && initial) {
    return { entries, loaded: 'data' in initial, error: 'error' in initial ? initial.error : slot.error };
  }
  return { entries, loaded: slot.loaded, error: slot.error };
}
