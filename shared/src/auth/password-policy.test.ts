import { describe, expect, it } from 'vitest';
import { checkPassword, DEFAULT_PASSWORD_POLICY } from './password-policy.ts';

describe('the password policy', () => {
  it('asks only for six characters by default (SPEC 5)', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '12345')).toEqual(['password:too-short']);
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '123456')).toEqual([]);
  });

  it('counts characters as a user sees them, not UTF-16 units', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '⚽⚽⚽⚽⚽')).toEqual(['password:too-short']);
    expect(checkPassword({ ...DEFAULT_PASSWORD_POLICY, minLength: 3, maxLength: 3 }, '😀😀😀')).toEqual([]);
  });

  it('lists every optional requirement a password misses', () => {
    const strict = {
      minLength: 8,
      maxLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireDigit: true,
      requireNonAlphanumeric: true,
    };
    expect(checkPassword(strict, 'abc')).toEqual([
      'password:too-short',
      'password:needs-uppercase',
      'password:needs-digit',
      'password:needs-non-alphanumeric',
    ]);
    expect(checkPassword(strict, 'Äbcdéf1!')).toEqual([]);
    expect(checkPassword(strict, 'Abcdefgh1!xyz')).toEqual(['password:too-long']);
  });
});
