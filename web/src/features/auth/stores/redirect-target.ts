import { isSafeRedirectTarget } from '@pitchside/shared/auth/redirect-target';
import { SESSION_KEYS } from '../../../lib/session/session-keys.ts';

/**
 * The page to return to after signing in (SPEC 4: the home redirect is disabled, so a saved target wins).
 * Kept only if shared isSafeRedirectTarget accepts it (SPEC 5), and checked again when read back, since
 * anything in localStorage may have been written by someone else.
 */
type TargetStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): TargetStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Saves `target` if it is safe; answers whether it was kept. */
export function saveRedirectTarget(target: unknown, store: TargetStorage | null = storage()): boolean {
  if (!store || !isSafeRedirectTarget(target)) return false;
  try {
    store.setItem(SESSION_KEYS.redirect, target);
    return true;
  } catch {
    return false;
  }
}

export function forgetRedirectTarget(store: TargetStorage | null = storage()): void {
  try {
    store?.removeItem(SESSION_KEYS.redirect);
  } catch {
    // Nothing to forget.
  }
}

/** The saved target, once: reading it forgets it. */
export function takeRedirectTarget(store: TargetStorage | null = storage()): string | null {
  if (!store) return null;
  let target: string | null = null;
  try {
    target = store.getItem(SESSION_KEYS.redirect);
  } catch {
    return null;
  }
  forgetRedirectTarget(store);
  return isSafeRedirectTarget(target) ? target : null;
}
