import type { AuthUser, LoginData } from '@pitchside/shared/auth';
import { tokensFrom, type SessionTokens } from './token-timing.ts';
import { saveSession } from './save-session.ts';
import { clearSession, loadSession } from './session-persistence.ts';
import { LOGGED_OUT, sessionEnvironment, useSessionStore } from './session-store.ts';

/**
 * What changes the session (SPEC 4's transitions), persisted as it changes so other tabs follow: loaded
 * with the account pages and the signed-in runtime, never by the first view of an anonymous visitor.
 */
const now = () => Date.now();

/** A successful login (or register, social exchange, admin login) in this tab. */
export function signIn(data: LoginData, receivedAt: number = now()): void {
  const { token, ...user } = data;
  const tokens = tokensFrom(token, receivedAt);
  const environment = sessionEnvironment();
  if (environment) saveSession(environment, { tokens, user }, receivedAt);
  useSessionStore.setState({
    loggedIn: true,
    tokenStatus: 'valid',
    user,
    tokens,
    busy: false,
    restored: true,
    origin: 'local',
  });
}

/** A refresh's new pair (the user stays). */
export function replaceTokens(tokens: SessionTokens): void {
  const { user } = useSessionStore.getState();
  if (!user) return;
  const environment = sessionEnvironment();
  if (environment) saveSession(environment, { tokens, user }, tokens.receivedAt);
  useSessionStore.setState({ tokens, tokenStatus: 'valid' });
}

export function markTokenExpired(): void {
  if (useSessionStore.getState().loggedIn) useSessionStore.setState({ tokenStatus: 'expired' });
}

/** The account changed (profile saved, password set): the same session, a fresher user. */
export function updateUser(user: AuthUser): void {
  const { tokens } = useSessionStore.getState();
  if (!tokens) return;
  const environment = sessionEnvironment();
  if (environment) saveSession(environment, { tokens, user }, now());
  useSessionStore.setState({ user });
}

export function setBusy(busy: boolean): void {
  useSessionStore.setState({ busy });
}

/** Logged out: forget tokens and user here and in every tab (they read the storage event). */
export function resetSession(): void {
  const environment = sessionEnvironment();
  if (environment) clearSession(environment);
  useSessionStore.setState({ ...LOGGED_OUT, busy: false, restored: true, origin: 'local' });
}

/** The tokens another tab may have stored meanwhile (read inside the cross-tab refresh lock). */
export function storedTokens(): SessionTokens | null {
  const environment = sessionEnvironment();
  return environment ? (loadSession(environment)?.tokens ?? null) : null;
}
