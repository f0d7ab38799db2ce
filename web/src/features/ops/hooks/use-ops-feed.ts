import { useEffect, useRef, useState } from 'react';
import type { OpsSample } from '@pitchside/shared/protocol';
import { openOpsFeed, type OpsFeedState } from '../api/ops-feed.ts';

/** How much history the charts keep: five minutes of one-second samples. */
export const HISTORY_MS = 5 * 60_000;

/**
 * The feed's state and the samples of the last few minutes, oldest first, while the component is mounted
 * and `enabled`. `token` is read through a ref: a new function from the caller does not reconnect.
 */
export function useOpsFeed(
  token: () => Promise<string | null>,
  enabled: boolean,
): { state: OpsFeedState; samples: readonly OpsSample[] } {
  const [state, setState] = useState<OpsFeedState>('connecting');
  const [samples, setSamples] = useState<readonly OpsSample[]>([]);
  const tokenRef = useRef(token);
  tokenRef.current = token;

  useEffect(() => {
    if (!enabled) return;
    return openOpsFeed({
      token: () => tokenRef.current(),
      onState: setState,
      onSample: (sample) =>
        setSamples((held) => [...held.filter((s) => s.at > sample.at - HISTORY_MS), sample]),
    });
  }, [enabled]);

  return { state, samples };
}
