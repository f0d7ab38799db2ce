import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../content.css';

/** SPEC 5: the identity provider's password policy, minimum length 6 by default (no maximum set). */
export const PASSWORD_MIN_LENGTH = 6;

/** The social sign-in providers of SPEC 3, as their owners write them. */
export const SOCIAL_PROVIDERS = ['Google', 'GitHub', 'Facebook', 'X'] as const;

interface AuthPanelProps {
  title: string;
  intro: string;
  /** What is said instead of sending: accounts have no backend yet (issue 4). */
  notice: { title: string; body: string };
  /** Given the notice's id, so the form and its buttons can point at it (aria-describedby). */
  children: (noticeId: string) => ReactNode;
  footer?: ReactNode;
}

/** The card of the sign-in, register and password pages: h1, intro, the "opens soon" notice, the form. */
export function AuthPanel({ title, intro, notice, children, footer }: AuthPanelProps) {
  const noticeId = useId();
  return (
    <div className="auth-panel">
      <h1 className="auth-panel__title">{title}</h1>
      <p className="auth-panel__intro">{intro}</p>
      <div className="soon-notice" id={noticeId} data-testid="soon-notice">
        <p className="soon-notice__title">{notice.title}</p>
        <p>{notice.body}</p>
      </div>
      {children(noticeId)}
      {footer && <div className="auth-panel__footer">{footer}</div>}
    </div>
  );
}

/**
 * A form that cannot be sent yet: its submit button is disabled (so Enter does not submit either) and
 * nothing is posted anywhere; the fields work, with their labels, autocomplete hints and constraints.
 */
export function PendingForm({
  noticeId,
  label,
  children,
}: {
  noticeId: string;
  label: string;
  children: ReactNode;
}) {
  const block = (event: FormEvent) => event.preventDefault();
  return (
    <form
      className="auth-form"
      aria-label={label}
      aria-describedby={noticeId}
      onSubmit={block}
      data-testid="auth-form"
    >
      {children}
    </form>
  );
}

interface FieldProps {
  label: string;
  name: string;
  type?: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
  required?: boolean;
  minLength?: number;
}

export function Field({
  label,
  name,
  type = 'text',
  autoComplete,
  hint,
  required = true,
  minLength,
}: FieldProps) {
  const id = useId();
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        inputMode={type === 'email' ? 'email' : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p className="auth-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function PasswordField({
  label,
  name,
  autoComplete,
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation('account');
  const isNew = autoComplete === 'new-password';
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      minLength={PASSWORD_MIN_LENGTH}
      hint={isNew ? t('form.passwordHint', { count: PASSWORD_MIN_LENGTH }) : undefined}
    />
  );
}

export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="auth-form__check">
      <input id={id} name={name} type="checkbox" required />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

export function PendingSubmit({ label, noticeId }: { label: string; noticeId: string }) {
  return (
    <button
      type="submit"
      className="content-button content-button--primary"
      disabled
      aria-describedby={noticeId}
      data-testid="auth-submit"
    >
      {label}
    </button>
  );
}

/** Google, GitHub, Facebook and X sign-in: shown, disabled like the form until accounts open. */
export function SocialSignIn({ noticeId }: { noticeId: string }) {
  const { t } = useTranslation('account');
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">
        <span>{t('form.or')}</span>
      </p>
      <ul className="social-sign-in__list" aria-label={t('form.socialLabel')}>
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="content-button social-sign-in__button"
              data-provider={provider.toLowerCase()}
              disabled
              aria-describedby={noticeId}
            >
              {t('form.social', { provider })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
