import type { FormEvent, ReactNode } from 'react';
import type { AuthForm } from '../hooks/use-auth-form.ts';
import { FormMessage } from './form-message.tsx';

/**
 * The frame every sign-in form shares: the form named for assistive technology, our own validation instead
 * of the browser's bubbles (noValidate), the failure that belongs to no field, and the submit button, which
 * is off while the form is busy.
 */
export function AuthFormFrame({
  form,
  label,
  submitLabel,
  onSubmit,
  disabled = form.busy,
  children,
}: {
  form: AuthForm;
  label: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.ref}
      className="auth-form"
      aria-label={label}
      // A password never goes in a URL: without script the browser posts the form (to this page).
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-testid="auth-form"
    >
      {children}
      <FormMessage text={form.formError} />
      <button
        type="submit"
        className="auth-button auth-button--primary"
        disabled={disabled}
        data-testid="auth-submit"
      >
        {submitLabel}
      </button>
    </form>
  );
}
