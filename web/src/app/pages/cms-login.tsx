import { useTranslation } from 'react-i18next';
import {
  AuthPanel,
  Field,
  PasswordField,
  PendingForm,
  PendingSubmit,
} from '../../features/content/components/auth-form.tsx';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /cms/login: the editors' own sign-in (SPEC 6), separate from visitors' accounts; not open yet. */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <ContentLinksProvider to={to} supportEmail={SUPPORT_EMAIL}>
      <StaticPageHead page="cms-login" noindex />
      <AuthPanel
        title={t('cms.title')}
        intro={t('cms.intro')}
        notice={{ title: t('cms.soonTitle'), body: t('cms.soonBody') }}
        footer={
          <p>
            <RichText text={t('cms.visitor')} />
          </p>
        }
      >
        {(noticeId) => (
          <PendingForm noticeId={noticeId} label={t('cms.title')}>
            <Field label={t('form.email')} name="email" type="email" autoComplete="username" />
            <PasswordField label={t('form.password')} name="password" autoComplete="current-password" />
            <PendingSubmit label={t('cms.submit')} noticeId={noticeId} />
          </PendingForm>
        )}
      </AuthPanel>
    </ContentLinksProvider>
  );
}
