import { CHUNK_RELOAD_GUARD_MS } from '@pitchside/shared/constants';

/**
 * SPEC 4: when a page's chunk fails to load (typically a release replaced the files under an open tab),
 * reload once, and only if no reload happened in the last 60 s, tracked in session storage. Otherwise
 * the error goes on to the error page.
 */
export const CHUNK_RELOAD_KEY = 'pitchside:chunk-reload-at';

export function reloadForFailedChunk(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Wraps a dynamic import: a failure reloads the page under the guard, or rethrows to the error page. */
export function guardChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof window !== 'undefined' && reloadForFailedChunk()) {
        // The page is going away; never settle so nothing renders half-loaded meanwhile.
        return new Promise<T>(() => {});
      }
      throw error;
    });
}

/** Vite reports a failed preload of a chunk's dependencies with this event; same guard. */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForFailedChunk()) event.preventDefault();
  });
}
