import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  AuthPanel,
  CheckboxField,
  Field,
  PasswordField,
  PendingForm,
  PendingSubmit,
  SocialSignIn,
} from '../../features/content/components/auth-form.tsx';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /register: the sign-up form; it cannot be sent until accounts open (issue 4), and says so. */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <ContentLinksProvider to={to} supportEmail={SUPPORT_EMAIL}>
      <StaticPageHead page="register" noindex />
      <AuthPanel
        title={t('register.title')}
        intro={t('register.intro')}
        notice={{ title: t('form.soonTitle'), body: t('form.soonBody') }}
        footer={
          <p>
            {t('register.haveAccount')} <Link to={to('/login')}>{t('register.login')}</Link>
          </p>
        }
      >
        {(noticeId) => (
          <>
            <PendingForm noticeId={noticeId} label={t('register.title')}>
              <Field
                label={t('register.name')}
                name="name"
                autoComplete="nickname"
                hint={t('register.nameHint')}
                required={false}
              />
              <Field label={t('form.email')} name="email" type="email" autoComplete="email" />
              <PasswordField label={t('form.password')} name="password" autoComplete="new-password" />
              <CheckboxField name="terms">
                <RichText text={t('register.acceptTerms')} />
              </CheckboxField>
              <PendingSubmit label={t('register.submit')} noticeId={noticeId} />
            </PendingForm>
            <SocialSignIn noticeId={noticeId} />
          </>
        )}
      </AuthPanel>
    </ContentLinksProvider>
  );
}
