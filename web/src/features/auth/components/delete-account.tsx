import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@pitchside/shared/auth';
import { showToast } from '../../../stores/toast-store.ts';
import { deleteAccount } from '../api/auth-api.ts';
import { requireFields, useAuthForm } from '../hooks/use-auth-form.ts';
import { resetSession } from '../../../lib/session/session-actions.ts';
import { CheckboxField, FormField } from './form-field.tsx';
import { FormMessage } from './form-message.tsx';

/**
 * Deleting the account, with everything in it: confirmed twice, by a checkbox and by the password (an
 * account without one must have signed in within the last minutes instead; the gateway says if not).
 */
export function DeleteAccount({ user }: { user: AuthUser }) {
  const { t } = useTranslation('account');
  const form = useAuthForm();
  const onSubmit = form.submit(
    (data) => {
      const errors = user.hasPassword ? requireFields(t, data, ['password']) : {};
      if (data.get('confirm') !== 'on') errors.confirm = t('deleteAccount.confirmRequired');
      return errors;
    },
    async (data) => {
      await deleteAccount(user.hasPassword ? { password: String(data.get('password')) } : {});
      showToast('success', t('deleteAccount.done'));
      resetSession();
    },
  );
  return (
    <section className="account-section" aria-labelledby="account-delete" data-testid="account-delete">
      <h2 id="account-delete">{t('deleteAccount.title')}</h2>
      <p>{t('deleteAccount.intro')}</p>
      {!user.hasPassword && <p>{t('deleteAccount.recentLogin')}</p>}
      <form
        ref={form.ref}
        className="auth-form"
        aria-label={t('deleteAccount.title')}
        // A password never goes in a URL: without script the browser posts the form (to this page).
        method="post"
        noValidate
        onSubmit={onSubmit}
      >
        {user.hasPassword && (
          <FormField
            label={t('deleteAccount.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={form.errors.password}
          />
        )}
        <CheckboxField name="confirm" error={form.errors.confirm}>
          {t('deleteAccount.confirm')}
        </CheckboxField>
        <FormMessage text={form.formError} />
        <button
          type="submit"
          className="auth-button auth-button--danger"
          disabled={form.busy}
          data-testid="delete-account"
        >
          {t('deleteAccount.submit')}
        </button>
      </form>
    </section>
  );
}
