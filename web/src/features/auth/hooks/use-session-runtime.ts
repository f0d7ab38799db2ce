import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session/session-store.ts';

/** Runs the early refresh while signed in; its code is a separate chunk, fetched only then. */
export function useSessionRuntime(): void {
  const loggedIn = useSessionStore((s) => s.loggedIn);
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../api/session-runtime.ts').then(({ startSessionRuntime }) => {
      if (!cancelled) stop = startSessionRuntime();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loggedIn]);
}
