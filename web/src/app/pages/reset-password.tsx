import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  AuthPanel,
  PasswordField,
  PendingForm,
  PendingSubmit,
} from '../../features/content/components/auth-form.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /auth/reset-password: the new password, twice, under the spec's policy (min 6); not sendable yet. */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="reset-password" noindex />
      <AuthPanel
        title={t('resetPassword.title')}
        intro={t('resetPassword.intro')}
        notice={{ title: t('form.soonTitle'), body: t('form.soonBody') }}
        footer={
          <p>
            <Link to={to('/login')}>{t('resetPassword.back')}</Link>
          </p>
        }
      >
        {(noticeId) => (
          <PendingForm noticeId={noticeId} label={t('resetPassword.title')}>
            <PasswordField label={t('form.newPassword')} name="password" autoComplete="new-password" />
            <PasswordField label={t('form.confirmPassword')} name="confirm" autoComplete="new-password" />
            <PendingSubmit label={t('resetPassword.submit')} noticeId={noticeId} />
          </PendingForm>
        )}
      </AuthPanel>
    </>
  );
}
