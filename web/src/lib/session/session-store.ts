import { create } from 'zustand';
import type { AuthUser } from '@pitchside/shared/auth';
import { isExpired, type SessionTokens, type TokenStatus } from './token-timing.ts';
import {
  browserEnvironment,
  clearSession,
  loadSession,
  type SessionEnvironment,
} from './session-persistence.ts';
import { SESSION_KEYS, sessionHintCookie } from './session-keys.ts';

/**
 * The browser session as the spec's state machine (SPEC 3 and 4): logged out or logged in, the token
 * status unknown, valid or expired, the user read from the login answer's `data`, and a busy flag while
 * a sign-in, refresh or sign-out is under way. Updates only through the actions below.
 *
 * This module is the session's status, small and free of zod and fetch on purpose: the root imports it
 * for the header and the route middleware, and it only reads the stored session (at start, and when
 * another tab changes it). What changes the session (session-actions.ts) and what talks to the gateway
 * (auth-fetch, the early refresh) load lazily, with the pages and the signed-in runtime.
 */
export interface SessionState {
  loggedIn: boolean;
  tokenStatus: TokenStatus;
  busy: boolean;
  /** The login answer's `data` without its tokens. */
  user: AuthUser | null;
  tokens: SessionTokens | null;
  /** False until the browser has read its storage: the server render and hydration see a guest. */
  restored: boolean;
  /** What made the last change: this tab, another tab (a storage event), or reading the storage at start. */
  origin: 'local' | 'remote' | 'restore';
}

/** The logged-out part of the state (tokens, user, flags). */
export const LOGGED_OUT = {
  loggedIn: false,
  tokenStatus: 'unknown',
  user: null,
  tokens: null,
} as const satisfies Partial<SessionState>;

export const useSessionStore = create<SessionState>()(() => ({
  ...LOGGED_OUT,
  busy: false,
  restored: false,
  origin: 'restore',
}));

let environment: SessionEnvironment | null = browserEnvironment();
const now = () => Date.now();

/** Where the session persists (null on the server, or where storage is blocked). */
export const sessionEnvironment = (): SessionEnvironment | null => environment;

/**
 * Reads the stored session: at start (`restore`) and when another tab changed it (`remote`). A session
 * whose refresh token has expired is over: cleared, so the server stops rendering account shells too.
 */
export function readStoredSession(origin: 'restore' | 'remote', at: number = now()): void {
  const stored = environment ? loadSession(environment) : null;
  if (!stored || isExpired(stored.tokens.refreshExpiresAt, at)) {
    if (environment && (stored || origin === 'restore')) clearSession(environment);
    useSessionStore.setState({ ...LOGGED_OUT, busy: false, restored: true, origin });
    return;
  }
  // The hint cookie may have gone (cleared, or older than the session): the server renderer needs it back.
  if (environment && origin === 'restore')
    environment.setCookie(
      sessionHintCookie((stored.tokens.refreshExpiresAt - at) / 1000, environment.secure),
    );
  const current = useSessionStore.getState();
  const tokenStatus = isExpired(stored.tokens.accessExpiresAt, at) ? 'expired' : 'valid';
  if (
    current.loggedIn &&
    current.tokens?.refreshToken === stored.tokens.refreshToken &&
    JSON.stringify(current.user) === JSON.stringify(stored.user)
  ) {
    // Nothing new (this tab's own write came back): keep the objects, so nothing re-renders or re-plans.
    if (!current.restored || current.tokenStatus !== tokenStatus)
      useSessionStore.setState({ restored: true, tokenStatus });
    return;
  }
  useSessionStore.setState({
    loggedIn: true,
    tokenStatus,
    user: stored.user,
    tokens: stored.tokens,
    restored: true,
    origin,
  });
}

/** Tests: run the store against a fake browser. */
export function useSessionEnvironment(env: SessionEnvironment | null): void {
  environment = env;
}

if (typeof window !== 'undefined') {
  readStoredSession('restore');
  // Another tab signed in, refreshed or signed out: follow it.
  // Another tab signed in, refreshed or signed out: follow it. saveSession writes receivedAt last and
  // clearSession removes the access token first, so these two keys mark a complete change.
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === SESSION_KEYS.receivedAt ||
      (event.key === SESSION_KEYS.accessToken && event.newValue === null)
    )
      readStoredSession('remote');
  });
}
