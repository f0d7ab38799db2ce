import { describe, expect, it } from 'vitest';
import { isSafeRedirectTarget } from './redirect-target.ts';

describe('a stored redirect target', () => {
  it.each(['/', '/de/account', '/en/match/123?tab=lineups#top', '/fr/team/paris%20sg'])('keeps %s', (t) =>
    expect(isSafeRedirectTarget(t)).toBe(true),
  );

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%252f%252fevil.example',
    'javascript:alert(1)',
    '/\tjavascript:alert(1)',
    '/\n/evil.example',
    'account',
    '',
    null,
  ])('refuses %j', (t) => expect(isSafeRedirectTarget(t)).toBe(false));
});
