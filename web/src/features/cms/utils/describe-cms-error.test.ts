import { describe, expect, it } from 'vitest';
import { PitchsideError } from '@pitchside/shared/errors';
import en from '../../../locales/en/cms.json';
import { describeCmsError, type Translate } from './describe-cms-error.ts';

/** The English messages, looked up by dotted key the way i18next does. */
const t: Translate = (key, options) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof value === 'string' ? value : (options?.defaultValue ?? key);
};

describe('describeCmsError', () => {
  it('puts each issue under its full path, with a message for its zod code or our code', () => {
    const error = new PitchsideError('request:invalid', 'The request parameters are not valid.', [
      { path: 'title', message: 'Too small: expected string to have >=1 characters', code: 'too_small' },
      { path: 'video.url', message: 'unknown host', code: 'content:invalid-video' },
      { path: 'schedule.1.endsAt', message: 'Invalid ISO datetime', code: 'invalid_format' },
      { path: 'title', message: 'second issue on the same field', code: 'too_big' },
    ]);
    const described = describeCmsError(t, error);
    expect(described.code).toBe('request:invalid');
    expect(described.message).toBe(en.codes.request.invalid);
    expect(described.fields).toEqual({
      title: en.issues.too_small,
      'video.url': en.codes.content['invalid-video'],
      'schedule.1.endsAt': en.issues.invalid_format,
    });
  });

  it('pins an error without issues on the field it is about, when the form has it', () => {
    const error = new PitchsideError('content:invalid-video');
    expect(describeCmsError(t, error, ['title', 'video.url']).fields).toEqual({
      'video.url': en.codes.content['invalid-video'],
    });
    expect(describeCmsError(t, error, ['title']).fields).toEqual({});
  });

  it('says something generic for a code it has no words for, and for a failure that is not ours', () => {
    expect(describeCmsError(t, new PitchsideError('subscription:limit')).message).toBe(en.codes.generic);
    expect(describeCmsError(t, new Error('boom'))).toEqual({
      code: 'server:internal',
      message: en.codes.server.internal,
      fields: {},
    });
  });
});
