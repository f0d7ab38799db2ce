import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { accountMail } from './mail-messages.ts';

describe('the account mails', () => {
  it.each(LANGUAGES)('are written in %s, each with its link', (lang) => {
    for (const kind of ['reset-password', 'verify-email', 'register-existing'] as const) {
      const mail = accountMail(kind, lang, 'https://pitchside.example/x?token=abc');
      expect(mail.text).toContain('\nhttps://pitchside.example/x?token=abc\n');
      if (lang !== 'en') expect(mail.subject).not.toBe(accountMail(kind, 'en', '').subject);
    }
  });

  it('fall back to English for a language we do not write', () => {
    expect(accountMail('reset-password', 'xx', 'l').subject).toBe(
      accountMail('reset-password', 'en', 'l').subject,
    );
  });
});
