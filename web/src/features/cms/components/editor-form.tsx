import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAction } from '../hooks/use-cms-action.ts';

/**
 * The frame of every CMS form and the outcome of actions outside one. `EditorForm` saves through its
 * CmsAction (one call at a time, the submit button disabled and saying so), shows the server's errors
 * (under the fields it has, listed for the paths it has none for) and the success notice.
 */
export function EditorForm({
  form,
  save,
  saved,
  onDone,
  submitLabel,
  buttons,
  below,
  className = 'auth-form',
  children,
  ...labelled
}: {
  /** The form's action and the paths it has fields for (a `useCmsForm()`). */
  form: { action: CmsAction; fields: readonly string[] };
  /** The call that saves. */
  save: () => Promise<unknown>;
  /** The notice once it did. */
  saved: string;
  onDone?: () => void;
  /** "Save" unless said otherwise. */
  submitLabel?: string;
  /** More buttons beside the submit button. */
  buttons?: ReactNode;
  /** What follows the buttons inside the form. */
  below?: ReactNode;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const { t } = useTranslation('cms');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.action.run(save, saved, onDone);
  };
  return (
    <form className={className} onSubmit={submit} noValidate {...labelled}>
      {children}
      <FormFooter
        action={form.action}
        submitLabel={submitLabel ?? t('actions.save')}
        shownFields={form.fields}
      >
        {buttons}
      </FormFooter>
      {below}
    </form>
  );
}

/**
 * The end of a CMS form: the failure of the whole form, the success notice, and the submit button, which
 * is disabled and says so while the call runs. Issues on paths no field shows are listed here too, so no
 * server complaint goes unseen.
 */
function FormFooter({
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

/**
 * The outcome of an action taken outside a form (delete, retire, reset, publish): its failure, and its
 * notice while `showNotice` (the form that would show it is closed).
 */
export function ActionOutcome({ action, showNotice = false }: { action: CmsAction; showNotice?: boolean }) {
  return (
    <>
      {action.error && (
        <p className="auth-form__message" role="alert">
          {action.error.message}
        </p>
      )}
      {showNotice && action.notice && (
        <p className="auth-notice cms-notice" role="status">
          {action.notice}
        </p>
      )}
    </>
  );
}
