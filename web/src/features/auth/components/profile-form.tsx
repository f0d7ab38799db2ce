import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@pitchside/shared/auth';
import { updateAccount } from '../api/auth-api.ts';
import { useAuthForm, type FieldErrors } from '../hooks/use-auth-form.ts';
import { updateUser } from '../../../lib/session/session-actions.ts';
import { showToast } from '../../../stores/toast-store.ts';
import { FormField } from './form-field.tsx';
import { FormMessage } from './form-message.tsx';
import '../auth.css';

/** The profile: the e-mail address (as the account has it) and the display name and photo one may change. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation('account');
  const form = useAuthForm();
  const onSubmit = form.submit(
    (data) => {
      const errors: FieldErrors = {};
      const photo = String(data.get('photoURL') ?? '').trim();
      if (photo && !/^https:\/\/[^\s]+$/i.test(photo)) errors.photoURL = t('profile.photoInvalid');
      return errors;
    },
    async (data) => {
      const displayName = String(data.get('displayName') ?? '').trim();
      const photoURL = String(data.get('photoURL') ?? '').trim();
      const updated = await updateAccount({ displayName: displayName || null, photoURL: photoURL || null });
      updateUser(updated);
      showToast('success', t('profile.saved'));
    },
  );
  return (
    <section className="account-section" aria-labelledby="account-profile" data-testid="account-profile">
      <h2 id="account-profile">{t('profile.title')}</h2>
      <p>
        {user.email ? (
          <>
            {t('form.email')}: <strong data-testid="account-email">{user.email}</strong>{' '}
            <span className="account-sessions__meta">
              ({user.emailVerified ? t('profile.verified') : t('profile.unverified')})
            </span>
          </>
        ) : (
          t('profile.noEmail')
        )}
      </p>
      <form
        ref={form.ref}
        className="auth-form"
        aria-label={t('profile.title')}
        noValidate
        onSubmit={onSubmit}
      >
        <FormField
          label={t('register.name')}
          name="displayName"
          autoComplete="nickname"
          maxLength={80}
          defaultValue={user.displayName ?? ''}
          error={form.errors.displayName}
        />
        <FormField
          label={t('profile.photo')}
          name="photoURL"
          type="url"
          autoComplete="photo"
          defaultValue={user.photoURL ?? ''}
          hint={t('profile.photoHint')}
          error={form.errors.photoURL}
        />
        <FormMessage text={form.formError} />
        <button
          type="submit"
          className="auth-button auth-button--primary"
          disabled={form.busy}
          data-testid="profile-save"
        >
          {t('profile.save')}
        </button>
      </form>
    </section>
  );
}
