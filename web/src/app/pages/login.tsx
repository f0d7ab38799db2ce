import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  AuthPanel,
  Field,
  PasswordField,
  PendingForm,
  PendingSubmit,
  SocialSignIn,
} from '../../features/content/components/auth-form.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths, useLocalPath } from '../paths.ts';

/**
 * /login: the sign-in form (e-mail and password, or a social account). Accounts have no backend yet
 * (issue 4): the form is real but cannot be sent, and says so. `?redirect=` is where the auth middleware
 * will send the visitor back to.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  const paths = usePaths();
  const [search] = useSearchParams();
  const redirected = search.has('redirect');
  return (
    <>
      <StaticPageHead page="login" noindex />
      <AuthPanel
        title={t('login.title')}
        intro={redirected ? t('login.redirectNote') : t('login.intro')}
        notice={{ title: t('form.soonTitle'), body: t('form.soonBody') }}
        footer={
          <>
            <p>
              <Link to={to('/reset')}>{t('login.forgot')}</Link>
            </p>
            <p>
              {t('login.noAccount')} <Link to={to('/register')}>{t('login.register')}</Link>
            </p>
            <p>
              <Link to={paths.liveMatches()}>{t('form.browse')}</Link>
            </p>
          </>
        }
      >
        {(noticeId) => (
          <>
            <PendingForm noticeId={noticeId} label={t('login.title')}>
              <Field label={t('form.email')} name="email" type="email" autoComplete="username" />
              <PasswordField label={t('form.password')} name="password" autoComplete="current-password" />
              <PendingSubmit label={t('login.submit')} noticeId={noticeId} />
            </PendingForm>
            <SocialSignIn noticeId={noticeId} />
          </>
        )}
      </AuthPanel>
    </>
  );
}
