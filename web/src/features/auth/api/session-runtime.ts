import { useSessionStore } from '../../../lib/session/session-store.ts';
import { authFetch, isTransientError } from '../../../lib/session/auth-fetch.ts';
import { createRefreshScheduler } from './refresh-scheduler.ts';

/**
 * What runs while a visitor is signed in, on every page: the early refresh. Loaded (as its own chunk) by
 * the root once the session says logged in, so anonymous visitors never download it.
 */
export function startSessionRuntime(): () => void {
  const scheduler = createRefreshScheduler({
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    refresh: () => authFetch.refresh(),
    isRetryable: isTransientError,
  });
  scheduler.plan(useSessionStore.getState().tokens);
  const unsubscribe = useSessionStore.subscribe((state) => scheduler.plan(state.tokens));
  return () => {
    unsubscribe();
    scheduler.stop();
  };
}
