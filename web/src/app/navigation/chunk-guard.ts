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

/**
 * Runs a dynamic import; if it fails, loads the page afresh under the guard: `target` (the address a
 * client-side navigation was heading to) or the current one. Past the guard the error goes on to the
 * error page.
 */
export function loadGuarded<T>(load: () => Promise<T>, target?: string): Promise<T> {
  return load().catch((error: unknown) => {
    const go = () => (target ? window.location.assign(target) : window.location.reload());
    if (typeof window !== 'undefined' && reloadForFailedChunk(window.sessionStorage, go)) {
      // The page is going away; never settle so nothing renders half-loaded meanwhile.
      return new Promise<T>(() => {});
    }
    throw error;
  });
}
