import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { ERROR_CODES, PitchsideError } from '@pitchside/shared/errors';
import { DEFAULT_PASSWORD_POLICY } from '@pitchside/shared/auth/password-policy';
import { createI18n } from '../i18n/create-i18n.ts';
import { messagesFor } from '../i18n/messages-server.ts';
import { codeKey, describeAuthError } from './describe-auth-error.ts';

const t = (language: (typeof LANGUAGES)[number]) =>
  createI18n(language, messagesFor(language)).getFixedT(language, 'account');

describe('what a failed call says', () => {
  it('has a message for every auth:*, request:* and server:* code of the catalogue, in every language', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      const i18n = createI18n(language, messagesFor(language));
      for (const code of Object.keys(ERROR_CODES).filter((c) => /^(auth|request|server):/.test(c))) {
        if (!i18n.exists(codeKey(code), { ns: 'account' })) missing.push(`${language} ${code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names the code in the visitor’s language, and puts the field issues of a 400 under their fields', () => {
    const error = new PitchsideError('auth:weak-password', undefined, [
      { path: 'password', message: 'The password does not meet the policy.', code: 'password:too-short' },
      { path: 'password', message: 'The password does not meet the policy.', code: 'password:needs-digit' },
      { path: 'email', message: 'Invalid email address', code: 'invalid_format' },
    ]);
    const de = describeAuthError(t('de'), error, DEFAULT_PASSWORD_POLICY);
    expect(de.code).toBe('auth:weak-password');
    expect(de.message).toBe('Das Passwort erfüllt die Regeln nicht.');
    expect(de.fields).toEqual({
      password: 'Das Passwort braucht mindestens 6 Zeichen.',
      email: 'Gib eine E-Mail-Adresse wie name@example.org ein.',
    });
  });

  it('says something sensible for what it does not know', () => {
    expect(describeAuthError(t('en'), new TypeError('boom')).message).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(describeAuthError(t('en'), { code: 'auth:something-new' }).message).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
