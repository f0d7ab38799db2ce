import type { AuthUser } from '@pitchside/shared/auth';
import type { SessionTokens } from './token-timing.ts';
import { SESSION_KEYS, sessionHintCookie } from './session-keys.ts';

/** What the browser remembers of a session between visits and shares between tabs. */
export interface StoredSession {
  tokens: SessionTokens;
  user: AuthUser;
}

/** The slice of the browser the persistence touches, so tests give it a Map and a string. */
export interface SessionEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  setCookie(cookie: string): void;
  secure: boolean;
}

export function browserEnvironment(): SessionEnvironment | null {
  if (typeof window === 'undefined') return null;
  try {
    // Reading localStorage throws where storage is blocked (some privacy modes): then no session persists.
    const storage = window.localStorage;
    return {
      storage,
      setCookie: (cookie) => {
        document.cookie = cookie;
      },
      secure: window.location.protocol === 'https:',
    };
  } catch {
    return null;
  }
}

export function loadSession(env: SessionEnvironment): StoredSession | null {
  const { storage } = env;
  const accessToken = storage.getItem(SESSION_KEYS.accessToken);
  const refreshToken = storage.getItem(SESSION_KEYS.refreshToken);
  const accessExpiresAt = Number(storage.getItem(SESSION_KEYS.accessExpiresAt));
  const refreshExpiresAt = Number(storage.getItem(SESSION_KEYS.refreshExpiresAt));
  const receivedAt = Number(storage.getItem(SESSION_KEYS.receivedAt));
  const user = readUser(storage.getItem(SESSION_KEYS.user));
  if (!accessToken || !refreshToken || !user) return null;
  if (![accessExpiresAt, refreshExpiresAt, receivedAt].every(Number.isFinite)) return null;
  return { tokens: { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, receivedAt }, user };
}

export function clearSession(env: SessionEnvironment): void {
  // The access token first: other tabs read the session when it disappears.
  for (const key of [
    SESSION_KEYS.accessToken,
    SESSION_KEYS.refreshToken,
    SESSION_KEYS.accessExpiresAt,
    SESSION_KEYS.refreshExpiresAt,
    SESSION_KEYS.receivedAt,
    SESSION_KEYS.user,
  ]) {
    try {
      env.storage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }
  env.setCookie(sessionHintCookie(0, env.secure));
}

function readUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as AuthUser | null;
    return user && typeof user === 'object' && typeof user.uid === 'string' ? user : null;
  } catch {
    return null;
  }
}
