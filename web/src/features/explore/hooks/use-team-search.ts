import { useEffect, useRef, useState } from 'react';
import { REMOTE_SEARCH_DEBOUNCE_MS } from '@pitchside/shared/constants';
import type { ErrorBody } from '@pitchside/shared/errors';
import type { Team } from '@pitchside/shared/domain';
import { browserApi } from '../../../lib/api.ts';
import { searchTeams } from '../api/explore-api.ts';

export interface TeamSearch {
  teams: readonly Team[];
  /** The query the shown teams answer (trimmed); '' before any answer. */
  answered: string;
  busy: boolean;
  error: ErrorBody | null;
}

/**
 * Remote team search for a picker: asks GET /api/teams?q= once the query has rested for 300 ms (SPEC 9's
 * remote select debounce), aborts the request of a query that changed meanwhile, and keeps showing the
 * last answer until the next one arrives.
 */
export function useTeamSearch(query: string): TeamSearch {
  const [state, setState] = useState<TeamSearch>({ teams: [], answered: '', busy: false, error: null });
  const controller = useRef<AbortController | null>(null);
  const q = query.trim();

  useEffect(() => {
    controller.current?.abort();
    if (!q) {
      setState({ teams: [], answered: '', busy: false, error: null });
      return undefined;
    }
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      const mine = new AbortController();
      controller.current = mine;
      searchTeams(browserApi, q, mine.signal).then(
        (result) => {
          if (mine.signal.aborted) return;
          setState(
            'data' in result
              ? { teams: result.data, answered: q, busy: false, error: null }
              : { teams: [], answered: q, busy: false, error: result.error },
          );
        },
        () => {}, // aborted: a newer query replaced it
      );
    }, REMOTE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => () => controller.current?.abort(), []);
  return state;
}
