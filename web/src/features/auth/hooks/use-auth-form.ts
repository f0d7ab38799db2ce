import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PasswordPolicy } from '@pitchside/shared/auth/password-policy';
import { showToast } from '../../../stores/toast-store.ts';
import { describeAuthError } from '../../../lib/session/describe-auth-error.ts';

export type FieldErrors = Record<string, string>;

export interface AuthForm {
  ref: React.RefObject<HTMLFormElement | null>;
  busy: boolean;
  errors: FieldErrors;
  /** The failure that belongs to no field (wrong password, too many attempts), shown above the button. */
  formError: string | null;
  /** The code of that failure, for pages that react to one (an expired reset link). */
  errorCode: string | null;
  /**
   * Checks the form (`check` answers field errors, empty when fine), then runs `action`. Field errors are
   * shown and the first invalid field focused; a failure of the call is toasted and shown, with the
   * gateway's field issues under their fields.
   */
  submit(
    check: (data: FormData) => FieldErrors,
    action: (data: FormData) => Promise<void>,
  ): (event: FormEvent<HTMLFormElement>) => void;
}

export function useAuthForm(policy?: PasswordPolicy): AuthForm {
  const { t } = useTranslation('account');
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a failed attempt, focus goes to the first field in error (else the form's message).
  useEffect(() => {
    if (attempt === 0) return;
    const form = ref.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('.auth-form__message');
    target?.focus();
  }, [attempt]);

  const submit = useCallback<AuthForm['submit']>(
    (check, action) => (event) => {
      event.preventDefault();
      if (busy) return;
      const data = new FormData(event.currentTarget);
      const local = check(data);
      if (Object.keys(local).length > 0) {
        setErrors(local);
        setFormError(null);
        setErrorCode(null);
        setAttempt((n) => n + 1);
        return;
      }
      setErrors({});
      setFormError(null);
      setErrorCode(null);
      setBusy(true);
      action(data)
        .catch((error: unknown) => {
          const described = describeAuthError(t, error, policy);
          showToast('error', described.message);
          if (!mounted.current) return;
          setErrors(described.fields);
          setFormError(described.message);
          setErrorCode(described.code);
          setAttempt((n) => n + 1);
        })
        .finally(() => {
          if (mounted.current) setBusy(false);
        });
    },
    [busy, policy, t],
  );

  return { ref, busy, errors, formError, errorCode, submit };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks every form shares, by field: filled in, an e-mail address that looks like one. */
export function requireFields(
  t: TFunction<'account'>,
  data: FormData,
  fields: readonly string[],
  errors: FieldErrors = {},
): FieldErrors {
  for (const field of fields) {
    const value = String(data.get(field) ?? '').trim();
    if (errors[field]) continue;
    if (value === '') errors[field] = t('form.required');
    else if (field === 'email' && !EMAIL.test(value)) errors[field] = t('form.invalidEmail');
  }
  return errors;
}
