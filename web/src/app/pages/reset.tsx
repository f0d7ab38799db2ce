import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  AuthPanel,
  Field,
  PendingForm,
  PendingSubmit,
} from '../../features/content/components/auth-form.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /reset: asks for the e-mail address to send a reset link to; not sendable until accounts open. */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="reset" noindex />
      <AuthPanel
        title={t('reset.title')}
        intro={t('reset.intro')}
        notice={{ title: t('form.soonTitle'), body: t('form.soonBody') }}
        footer={
          <p>
            <Link to={to('/login')}>{t('reset.back')}</Link>
          </p>
        }
      >
        {(noticeId) => (
          <PendingForm noticeId={noticeId} label={t('reset.title')}>
            <Field label={t('form.email')} name="email" type="email" autoComplete="email" />
            <PendingSubmit label={t('reset.submit')} noticeId={noticeId} />
          </PendingForm>
        )}
      </AuthPanel>
    </>
  );
}
