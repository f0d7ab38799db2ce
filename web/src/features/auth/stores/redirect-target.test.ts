import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../../lib/session/session-keys.ts';
import { saveRedirectTarget, takeRedirectTarget } from './redirect-target.ts';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('the stored redirect target', () => {
  it('keeps a path of this site and gives it back once', () => {
    const store = memory();
    expect(saveRedirectTarget('/en/account?tab=sessions', store)).toBe(true);
    expect(store.map.get(SESSION_KEYS.redirect)).toBe('/en/account?tab=sessions');
    expect(takeRedirectTarget(store)).toBe('/en/account?tab=sessions');
    expect(takeRedirectTarget(store)).toBeNull();
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/%2f%2fevil.example',
    'javascript:alert(1)',
  ])('refuses %s', (target) => {
    const store = memory();
    expect(saveRedirectTarget(target, store)).toBe(false);
    expect(store.map.size).toBe(0);
  });

  it('checks again what it reads back: the storage may have been written by someone else', () => {
    const store = memory();
    store.setItem(SESSION_KEYS.redirect, '//evil.example');
    expect(takeRedirectTarget(store)).toBeNull();
    expect(store.map.size).toBe(0);
  });
});
