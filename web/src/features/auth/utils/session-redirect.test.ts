import { describe, expect, it } from 'vitest';
import { sessionRedirect, type SessionChange } from './session-redirect.ts';

const change = (over: Partial<SessionChange>): SessionChange => ({
  loggedIn: true,
  local: true,
  page: 'guest-only',
  lang: 'de',
  here: '/de/login',
  takeTarget: () => null,
  ...over,
});

describe('where a change of the session goes', () => {
  it('after signing in: the saved target, else home (the home redirect is disabled)', () => {
    expect(sessionRedirect(change({ takeTarget: () => '/de/account' }))).toBe('/de/account');
    expect(sessionRedirect(change({}))).toBe('/de');
  });

  it('after signing out: the language’s home', () => {
    expect(sessionRedirect(change({ loggedIn: false, page: 'auth', here: '/de/account' }))).toBe('/de');
    expect(sessionRedirect(change({ loggedIn: false, page: 'no-auth', here: '/de/faq' }))).toBe('/de');
  });

  it('in another tab, only when the page no longer fits', () => {
    let taken = false;
    const take = () => {
      taken = true;
      return '/de/account';
    };
    expect(sessionRedirect(change({ local: false, page: 'no-auth', takeTarget: take }))).toBeNull();
    expect(taken).toBe(false);
    expect(sessionRedirect(change({ local: false, page: 'guest-only', takeTarget: take }))).toBe(
      '/de/account',
    );
    expect(sessionRedirect(change({ loggedIn: false, local: false, page: 'no-auth' }))).toBeNull();
    expect(
      sessionRedirect(change({ loggedIn: false, local: false, page: 'auth', here: '/de/account?x=1' })),
    ).toBe('/de/login?redirect=%2Fde%2Faccount%3Fx%3D1');
  });
});
