import type { TFunction } from 'i18next';
import type { PasswordPolicy } from '@pitchside/shared/auth/password-policy';

/**
 * What a failed call means for the form: a message in the visitor's language for the error's stable code
 * (every auth:* code has one), and one message per field from a 400's `issues[]` (a password rule such
 * as password:too-short is named as such). Codes the catalogue may gain later fall back to a generic line.
 */
export interface DescribedError {
  code: string;
  message: string;
  fields: Record<string, string>;
}

interface ErrorLike {
  code?: unknown;
  issues?: { path: string; message: string; code?: string }[];
}

type T = TFunction<'account'>;

/** 'auth:invalid-credential' → the key 'codes.auth.invalid-credential'. */
export const codeKey = (code: string): string => `codes.${code.replace(':', '.')}`;

export function codeMessage(t: T, code: string, policy?: PasswordPolicy): string {
  const key = codeKey(code);
  const options = {
    count: code === 'password:too-long' ? policy?.maxLength : policy?.minLength,
    defaultValue: '',
  };
  const message = (t as unknown as (key: string, options: object) => string)(key, options);
  return message || t('codes.generic');
}

export function describeAuthError(t: T, error: unknown, policy?: PasswordPolicy): DescribedError {
  const { code, issues } = (error ?? {}) as ErrorLike;
  const known = typeof code === 'string' ? code : 'server:internal';
  const fields: Record<string, string> = {};
  for (const issue of issues ?? []) {
    // The gateway names fields by their path in the body ('password', 'newPassword').
    const field = issue.path.split('.').at(-1) || 'form';
    if (fields[field]) continue;
    fields[field] =
      issue.code && /^[a-z]+:[a-z-]+$/.test(issue.code)
        ? codeMessage(t, issue.code, policy)
        : field === 'email'
          ? t('form.invalidEmail')
          : t('form.invalidField');
  }
  return { code: known, message: codeMessage(t, known, policy), fields };
}
