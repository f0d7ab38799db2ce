import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ErrorBody } from '@pitchside/shared/errors';
import { scoreboardRoom, type ScoreboardEntry, type ScoreboardScope } from '@pitchside/shared/protocol';
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

const LIVE_SCOPE: ScoreboardScope = { kind: 'live' };
const NO_ENTRIES = new Map<string, ScoreboardEntry>();

/** Every live match, kept current by the socket while the calling component is mounted. */
export function useLiveScoreboard(): LiveScoreboard {
  const room = scoreboardRoom(LIVE_SCOPE);

  useEffect(() => {
    subscribeScoreboard(LIVE_SCOPE);
    const controller = new AbortController();
    if (useLiveStore.getState().connection.state !== 'live') {
      fetchLiveMatches(controller.signal).then(
        (result) => seedScoreboard(LIVE_SCOPE, result),
        () => {}, // aborted: the view left
      );
    }
    return () => {
      controller.abort();
      unsubscribeScoreboard(LIVE_SCOPE);
    };
  }, []);

  const slot = useLiveStore(
    useShallow((s) => {
      const found = s.scoreboards.get(room);
      return {
        entries: found?.entries ?? NO_ENTRIES,
        loaded: found?.loaded ?? false,
        error: found?.error ?? null,
      };
    }),
  );
  const entries = useMemo(() => [...slot.entries.values()], [slot.entries]);
  return { entries, loaded: slot.loaded, error: slot.error };
}
