import { describe, expect, it } from 'vitest';
import { readCookie, readCookies, SITE_COOKIES, writeCookie } from './cookies.ts';

/** The name=value pair a Set-Cookie value sends back in a Cookie header. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

describe('cookies', () => {
  it.each([
    ['a time zone with a slash', 'America/Argentina/Buenos_Aires'],
    ['a value with = and %', 'a=b%20c=%'],
    ['a value with ; and a space', 'x; Path=/evil'],
    ['a quoted value', '"dark"'],
    ['non-ASCII', 'São Paulo ü'],
  ])('%s round-trips: what is written is what is read', (_label, value) => {
    const header = `other=1; ${sentBack(writeCookie(SITE_COOKIES.timeZone, value, { path: '/' }))}; last=2`;
    expect(readCookie(header, SITE_COOKIES.timeZone)).toBe(value);
    expect(readCookies(header)).toMatchObject({ other: '1', last: '2' });
  });

  it('a value cannot add attributes or another cookie', () => {
    const setCookie = writeCookie('theme', 'x; Domain=evil.example; auth.signed_in=1', {
      path: '/',
      maxAge: 60,
    });
    expect(setCookie).toBe('theme=x%3B%20Domain%3Devil.example%3B%20auth.signed_in%3D1; Max-Age=60; Path=/');
    expect(readCookie(sentBack(setCookie), SITE_COOKIES.sessionHint)).toBeNull();
  });

  it('reads what browsers and proxies send: spaces around pairs, the first of a repeated name, bad escapes kept', () => {
    expect(readCookie('  auth.signed_in=1 ;theme=dark', SITE_COOKIES.sessionHint)).toBe('1');
    expect(readCookie('theme=light; theme=dark', 'theme')).toBe('light');
    expect(readCookie('tz=100%', 'tz')).toBe('100%');
    expect(readCookie('tz=', 'tz')).toBeNull();
    expect(readCookie(undefined, 'tz')).toBeNull();
    expect(readCookie('xtz=Europe/Paris', 'tz')).toBeNull();
  });
});
