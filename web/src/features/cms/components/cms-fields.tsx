import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAction } from '../hooks/use-cms-action.ts';

/**
 * The CMS's labelled form controls. Each takes the field's path in the request body (`name`, e.g.
 * 'video.url'), so the server's error for that path appears under it, tied to the control for assistive
 * technology (aria-invalid, aria-describedby), as the sign-in forms do.
 */
interface ShellProps {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: {
    id: string;
    name: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

function FieldShell({ label, name, error, hint, children }: ShellProps) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="auth-form__field cms-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <p className="auth-form__error" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="auth-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; name: string; error?: string | undefined; hint?: ReactNode };

export function TextField({
  label,
  name,
  error,
  hint,
  value,
  onValue,
  type = 'text',
  ...input
}: Common & {
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'id'>) {
  return (
    <FieldShell label={label} name={name} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          {...input}
          type={type}
          value={value}
          spellCheck={type === 'url' ? false : input.spellCheck}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  value,
  onValue,
  ...area
}: Common & {
  value: string;
  onValue: (value: string) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name' | 'id'>) {
  return (
    <FieldShell label={label} name={name} error={error} hint={hint}>
      {(control) => (
        <textarea {...control} {...area} value={value} onChange={(e) => onValue(e.target.value)} />
      )}
    </FieldShell>
  );
}

export function SelectField<V extends string>({
  label,
  name,
  error,
  hint,
  value,
  onValue,
  options,
  ...select
}: Common & {
  value: V;
  onValue: (value: V) => void;
  options: readonly { value: V; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'name' | 'id'>) {
  return (
    <FieldShell label={label} name={name} error={error} hint={hint}>
      {(control) => (
        <select {...control} {...select} value={value} onChange={(e) => onValue(e.target.value as V)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckField({
  label,
  name,
  error,
  checked,
  onChecked,
}: Omit<Common, 'hint'> & { checked: boolean; onChecked: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="auth-form__field cms-field">
      <div className="auth-form__check">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p className="auth-form__error" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The end of a CMS form: the failure of the whole form, the success notice, and the submit button, which
 * is disabled and says so while the call runs. Issues on paths no field shows are listed here too, so no
 * server complaint goes unseen.
 */
export function FormFooter({
  action,
  submitLabel,
  shownFields,
  children,
}: {
  action: CmsAction;
  submitLabel: string;
  /** The paths the form has fields for. */
  shownFields: readonly string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('cms');
  const { error, notice, saving } = action;
  const anchor = useRef<HTMLSpanElement>(null);
  // A refused save takes the keyboard to the first field the server named, else to the form's message.
  useEffect(() => {
    if (!error) return;
    const form = anchor.current?.closest('form');
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-testid="cms-form-error"]');
    target?.focus();
  }, [error]);
  const stray = error ? Object.entries(error.fields).filter(([path]) => !shownFields.includes(path)) : [];
  return (
    <>
      <span ref={anchor} hidden />
      {error && (
        <div className="auth-form__message" role="alert" tabIndex={-1} data-testid="cms-form-error">
          <p>{error.message}</p>
          {stray.length > 0 && (
            <ul>
              {stray.map(([path, message]) => (
                <li key={path} data-testid={`error-${path}`}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {notice && (
        <p className="auth-notice cms-notice" role="status" data-testid="cms-notice">
          {notice}
        </p>
      )}
      <div className="cms-actions">
        <button
          type="submit"
          className="auth-button auth-button--primary"
          disabled={saving}
          aria-busy={saving || undefined}
          data-testid="cms-submit"
        >
          {saving ? t('actions.saving') : submitLabel}
        </button>
        {children}
      </div>
    </>
  );
}
