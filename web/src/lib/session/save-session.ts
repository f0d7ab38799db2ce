import type { SessionEnvironment, StoredSession } from './session-persistence.ts';
import { SESSION_KEYS, sessionHintCookie } from './session-keys.ts';

/**
 * Stores a session for the next visit and the other tabs (the write half of session-persistence.ts, apart
 * so the first view, which only reads, does not carry it).
 */
export function saveSession(env: SessionEnvironment, session: StoredSession, now: number): void {
  const { storage } = env;
  const { tokens } = session;
  try {
    storage.setItem(SESSION_KEYS.accessToken, tokens.accessToken);
    storage.setItem(SESSION_KEYS.refreshToken, tokens.refreshToken);
    storage.setItem(SESSION_KEYS.accessExpiresAt, String(tokens.accessExpiresAt));
    storage.setItem(SESSION_KEYS.refreshExpiresAt, String(tokens.refreshExpiresAt));
    storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
    // Last, and different every time: other tabs read the session when this key changes.
    storage.setItem(SESSION_KEYS.receivedAt, String(tokens.receivedAt));
  } catch {
    // Storage full or blocked: the session lives in this tab only.
  }
  env.setCookie(sessionHintCookie((tokens.refreshExpiresAt - now) / 1000, env.secure));
}
