import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@pitchside/shared/auth';
import { checkPassword, type PasswordPolicy } from '@pitchside/shared/auth/password-policy';
import { changePassword } from '../api/auth-api.ts';
import { requireFields, useAuthForm } from '../hooks/use-auth-form.ts';
import { updateUser } from '../../../lib/session/session-actions.ts';
import { showToast } from '../../../stores/toast-store.ts';
import { FormField } from './form-field.tsx';
import { FormMessage } from './form-message.tsx';
import { NewPasswordField } from './new-password-field.tsx';

/**
 * Change the password, or set a first one for an account made with a social provider (hasPassword false):
 * then there is no current password to give.
 */
export function PasswordForm({ user, policy }: { user: AuthUser; policy: PasswordPolicy }) {
  const { t } = useTranslation('account');
  const form = useAuthForm(policy);
  const [password, setPassword] = useState('');
  const setting = !user.hasPassword;

  const onSubmit = form.submit(
    (data) => {
      const errors = requireFields(
        t,
        data,
        setting ? ['newPassword', 'confirm'] : ['currentPassword', 'newPassword', 'confirm'],
      );
      if (!errors.newPassword && checkPassword(policy, String(data.get('newPassword'))).length > 0)
        errors.newPassword = t('password.notMet');
      if (!errors.confirm && data.get('confirm') !== data.get('newPassword'))
        errors.confirm = t('form.mismatch');
      return errors;
    },
    async (data) => {
      await changePassword({
        ...(setting ? {} : { currentPassword: String(data.get('currentPassword')) }),
        newPassword: String(data.get('newPassword')),
      });
      form.ref.current?.reset();
      setPassword('');
      if (setting) updateUser({ ...user, hasPassword: true });
      showToast('success', setting ? t('passwordForm.setDone') : t('passwordForm.changed'));
    },
  );

  return (
    <section className="account-section" aria-labelledby="account-password" data-testid="account-password">
      <h2 id="account-password">{setting ? t('passwordForm.setTitle') : t('passwordForm.changeTitle')}</h2>
      <p>{setting ? t('passwordForm.setIntro') : t('passwordForm.changeIntro')}</p>
      <form
        ref={form.ref}
        className="auth-form"
        aria-label={t('passwordForm.changeTitle')}
        // A password never goes in a URL: without script the browser posts the form (to this page).
        method="post"
        noValidate
        onSubmit={onSubmit}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={user.email ?? ''} readOnly />
        {!setting && (
          <FormField
            label={t('passwordForm.current')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={form.errors.currentPassword}
          />
        )}
        <NewPasswordField
          label={t('form.newPassword')}
          name="newPassword"
          policy={policy}
          value={password}
          onChange={setPassword}
          error={form.errors.newPassword}
        />
        <FormField
          label={t('form.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={form.errors.confirm}
        />
        <FormMessage text={form.formError} />
        <button type="submit" className="auth-button auth-button--primary" disabled={form.busy}>
          {setting ? t('passwordForm.set') : t('passwordForm.change')}
        </button>
      </form>
    </section>
  );
}
