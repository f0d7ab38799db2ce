import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoginData } from '@pitchside/shared/auth';
import { SESSION_KEYS, SESSION_HINT_COOKIE } from './session-keys.ts';
import { resetSession, signIn } from './session-actions.ts';
import { readStoredSession, useSessionEnvironment, useSessionStore } from './session-store.ts';

function fakeBrowser() {
  const map = new Map<string, string>();
  const cookies: string[] = [];
  return {
    map,
    cookies,
    env: {
      storage: {
        getItem: (k: string) => map.get(k) ?? null,
        setItem: (k: string, v: string) => void map.set(k, v),
        removeItem: (k: string) => void map.delete(k),
      },
      setCookie: (c: string) => void cookies.push(c),
      secure: false,
    },
  };
}

const login = (n: number): LoginData => ({
  uid: 'u1',
  displayName: 'Ada',
  photoURL: null,
  email: 'ada@example.org',
  emailVerified: false,
  phoneNumber: null,
  tenantId: null,
  isAnonymous: false,
  providerData: [],
  metadata: { creationTime: '2026-01-01T00:00:00Z', lastSignInTime: null },
  scope: [],
  hasPassword: true,
  token: {
    token_type: 'Bearer',
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: 1800,
    refresh_expires_in: 3600,
  },
});

describe('the session store', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
    useSessionEnvironment(browser.env);
  });
  afterEach(() => {
    resetSession();
    useSessionEnvironment(null);
  });

  it('starts logged out with an unknown token status, as the server renders it', () => {
    const initial = useSessionStore.getInitialState();
    expect(initial).toMatchObject({ loggedIn: false, tokenStatus: 'unknown', user: null, restored: false });
  });

  it('signs in from the login answer: user from data, tokens under auth.* keys, the cookie hint at /', () => {
    signIn(login(1), 1_000);
    const state = useSessionStore.getState();
    expect(state).toMatchObject({ loggedIn: true, tokenStatus: 'valid', origin: 'local' });
    expect(state.user).toMatchObject({ uid: 'u1', displayName: 'Ada' });
    expect(state.user).not.toHaveProperty('token');
    expect(browser.map.get(SESSION_KEYS.accessToken)).toBe('access-1');
    expect(browser.map.get(SESSION_KEYS.refreshToken)).toBe('refresh-1');
    expect(browser.map.get(SESSION_KEYS.accessExpiresAt)).toBe(String(1_000 + 1_800_000));
    expect([...browser.map.keys()].every((k) => k.startsWith('auth.'))).toBe(true);
    expect(browser.cookies.at(-1)).toBe(`${SESSION_HINT_COOKIE}=1; Max-Age=3600; Path=/; SameSite=Lax`);
  });

  it('resets: nothing stored, the hint cleared', () => {
    signIn(login(1));
    resetSession();
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: false, user: null, tokens: null });
    expect(browser.map.size).toBe(0);
    expect(browser.cookies.at(-1)).toMatch(
      new RegExp(`^${SESSION_HINT_COOKIE.replace('.', '\\.')}=; Max-Age=0; Path=/`),
    );
  });

  it('restores a stored session, and drops one whose refresh token has expired', () => {
    signIn(login(1), 0);
    useSessionStore.setState(useSessionStore.getInitialState());
    readStoredSession('restore', 1_000);
    expect(useSessionStore.getState()).toMatchObject({
      loggedIn: true,
      tokenStatus: 'valid',
      restored: true,
    });
    readStoredSession('restore', 1_800_000);
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: true, tokenStatus: 'expired' });
    readStoredSession('remote', 3_600_000);
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: false, origin: 'remote' });
    expect(browser.map.size).toBe(0);
  });

  it('follows another tab: its sign-in and its sign-out arrive as "remote" changes', () => {
    const other = fakeBrowser();
    other.map.set(SESSION_KEYS.accessToken, 'x');
    useSessionEnvironment(browser.env);
    signIn(login(2), Date.now());
    useSessionStore.setState({ ...useSessionStore.getInitialState(), restored: true });
    readStoredSession('remote');
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: true, origin: 'remote' });
    browser.map.clear();
    readStoredSession('remote');
    expect(useSessionStore.getState()).toMatchObject({ loggedIn: false, origin: 'remote' });
  });
});
