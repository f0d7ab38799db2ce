import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentTopic } from '@pitchside/shared/content';
import { followContentTopic } from './content-topics.ts';

/**
 * Follows an operator-managed topic (`hot-matches`, `guides:de`...) while the calling component is mounted,
 * and calls `onChanged` on each `content:changed` push for it and after a reconnect (a change may have
 * been missed meanwhile). `null` follows nothing. The page's reaction is its own: usually
 * `useRevalidator().revalidate()`, or fetching one list again. `onChanged` may change between renders;
 * the latest one is called.
 */
export function useContentTopic(topic: ContentTopic | null, onChanged: () => void): void {
  const latest = useRef(onChanged);
  latest.current = onChanged;
  useEffect(() => {
    if (topic === null) return;
    return followContentTopic(topic, () => latest.current());
  }, [topic]);
}

/**
 * A value the loader read (`initial`) that is read again with `load` whenever `topic` changes: for a page
 * that reloads one list (the hot matches) rather than its whole loader. A newer loader value replaces it;
 * answers that arrive out of order are dropped.
 */
export function useContentReload<T>(topic: ContentTopic | null, initial: T, load: () => Promise<T>): T {
  const [state, setState] = useState({ initial, value: initial });
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const requests = useRef(0);
  const reload = useCallback(() => {
    const request = ++requests.current;
    latestLoad.current().then(
      (value) => {
        if (request === requests.current) setState((s) => ({ ...s, value }));
      },
      () => {}, // the next change or reconnect tries again
    );
  }, []);
  useContentTopic(topic, reload);
  // The loader ran again (a navigation): its value wins over an older reload.
  if (state.initial !== initial) {
    requests.current += 1;
    setState({ initial, value: initial });
    return initial;
  }
  return state.value;
}
