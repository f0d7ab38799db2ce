import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** The field's error, shown under it and announced with it (aria-invalid, aria-describedby). */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Extra ids the input is described by (e.g. the password rules). */
  describedBy?: string;
}

/** A labelled input with its hint and its error, tied together for assistive technology. */
export function FormField({
  label,
  name,
  error,
  hint,
  describedBy,
  type = 'text',
  ...input
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, hint ? hintId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>{label}</label>
      <input
        className="form-control"
        id={id}
        name={name}
        type={type}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        inputMode={type === 'email' ? 'email' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error && (
        <p className="auth-form__error" id={errorId} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
      {hint && (
        <div className="auth-form__hint" id={hintId}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** A checkbox with its label (and error) beside it. */
export function CheckboxField({
  name,
  children,
  error,
}: {
  name: string;
  children: ReactNode;
  error?: string | null | undefined;
}) {
  const id = useId();
  return (
    <div className="auth-form__field">
      <div className="auth-form__check">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p className="auth-form__error" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
