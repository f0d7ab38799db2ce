import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { adminLogin } from '../../features/auth/api/auth-api.ts';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { CredentialFields } from '../../features/auth/components/credential-fields.tsx';
import { AuthFormFrame } from '../../features/auth/components/auth-form-frame.tsx';
import { requireFields, useAuthForm } from '../../features/auth/hooks/use-auth-form.ts';
import { saveRedirectTarget, takeRedirectTarget } from '../../features/auth/stores/redirect-target.ts';
import { signIn } from '../../lib/session/session-actions.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { showToast } from '../../stores/toast-store.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /cms/login: the admin side's own sign-in (SPEC 6), POST /api/admin/login, which admits only accounts
 * with the `admin` scope. Signed in, the admin lands on the dashboard (/cms: operations and the users).
 */
export function Component() {
  const supportEmail = useSupportEmail();
  const { t } = useTranslation('account');
  const { lang = 'en' } = useParams();
  const to = useLocalPath();
  const navigate = useNavigate();
  const form = useAuthForm();
  const onSubmit = form.submit(
    (data) => requireFields(t, data, ['email', 'password']),
    async (data) => {
      const answer = await adminLogin({
        email: String(data.get('email')).trim(),
        password: String(data.get('password')),
      });
      const landing = `/${lang}/cms`;
      saveRedirectTarget(landing);
      showToast('success', t('cms.success'));
      // Already signed in (as a visitor): the session stays logged in, so no change of `loggedIn` moves us.
      const switching = useSessionStore.getState().loggedIn;
      signIn(answer);
      if (switching) void navigate(takeRedirectTarget() ?? landing);
    },
  );
  return (
    <ContentLinksProvider to={to} supportEmail={supportEmail}>
      <StaticPageHead page="cms-login" noindex />
      <AuthPanel
        title={t('cms.title')}
        intro={t('cms.intro')}
        footer={
          <p>
            <RichText text={t('cms.visitor')} />
          </p>
        }
      >
        <AuthFormFrame form={form} label={t('cms.title')} submitLabel={t('cms.submit')} onSubmit={onSubmit}>
          <CredentialFields form={form} />
        </AuthFormFrame>
      </AuthPanel>
    </ContentLinksProvider>
  );
}
