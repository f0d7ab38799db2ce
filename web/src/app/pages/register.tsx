import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { checkPassword } from '@pitchside/shared/auth/password-policy';
import { isSafeRedirectTarget } from '@pitchside/shared/auth/redirect-target';
import type { LoginData } from '@pitchside/shared/auth';
import { login, loadPasswordPolicy, loadProviders, register } from '../../features/auth/api/auth-api.ts';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { CheckboxField, FormField } from '../../features/auth/components/form-field.tsx';
import { AuthFormFrame } from '../../features/auth/components/auth-form-frame.tsx';
import { NewPasswordField } from '../../features/auth/components/new-password-field.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { requireFields, useAuthForm } from '../../features/auth/hooks/use-auth-form.ts';
import { saveRedirectTarget } from '../../features/auth/stores/redirect-target.ts';
import { signIn } from '../../lib/session/session-actions.ts';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { apiFrom } from '../../lib/api.ts';
import { showToast } from '../../stores/toast-store.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  const [policy, providers] = await Promise.all([loadPasswordPolicy(api), loadProviders(api)]);
  return { policy, providers };
}

export const shouldRevalidate = () => false;

/**
 * /register: a new account, signed in at once; the password policy is checked as the visitor types. A taken
 * address gets the same answer (its owner a mail), and the visitor is told to look at their mail.
 */
export function Component() {
  const supportEmail = useSupportEmail();
  const { t } = useTranslation('account');
  const { policy, providers } = useLoaderData<typeof loader>();
  const { lang = 'en' } = useParams();
  const to = useLocalPath();
  const [search] = useSearchParams();
  const redirectParam = search.get('redirect');
  const redirect = isSafeRedirectTarget(redirectParam) ? redirectParam : null;
  const form = useAuthForm(policy);
  const [password, setPassword] = useState('');

  const onSubmit = form.submit(
    (data) => {
      const errors = requireFields(t, data, ['email', 'password']);
      if (!errors.password && checkPassword(policy, String(data.get('password'))).length > 0)
        errors.password = t('password.notMet');
      if (data.get('terms') !== 'on') errors.terms = t('register.termsRequired');
      return errors;
    },
    async (data) => {
      if (redirect) saveRedirectTarget(redirect);
      const displayName = String(data.get('displayName') ?? '').trim();
      const email = String(data.get('email')).trim();
      const password = String(data.get('password'));
      // The gateway answers a taken address as a new one (and mails its owner), so the page signs in next.
      await register({ email, password, ...(displayName ? { displayName } : {}), language: lang });
      let answer: LoginData;
      try {
        answer = await login({ email, password });
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== 'auth:invalid-credential') throw error;
        // The address had an account with another password: say only what was done.
        showToast('success', t('register.checkMail', { email }));
        return;
      }
      showToast('success', t('register.success'));
      signIn(answer);
    },
  );

  return (
    <ContentLinksProvider to={to} supportEmail={supportEmail}>
      <StaticPageHead page="register" noindex />
      <AuthPanel
        title={t('register.title')}
        intro={t('register.intro')}
        footer={
          <p>
            {t('register.haveAccount')}{' '}
            <Link to={`${to('/login')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>
              {t('register.login')}
            </Link>
          </p>
        }
      >
        <AuthFormFrame
          form={form}
          label={t('register.title')}
          submitLabel={t('register.submit')}
          onSubmit={onSubmit}
        >
          <FormField
            label={t('register.name')}
            name="displayName"
            autoComplete="nickname"
            maxLength={80}
            hint={t('register.nameHint')}
            error={form.errors.displayName}
          />
          <FormField
            label={t('form.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={form.errors.email}
          />
          <NewPasswordField
            label={t('form.password')}
            name="password"
            policy={policy}
            value={password}
            onChange={setPassword}
            error={form.errors.password}
          />
          <CheckboxField name="terms" error={form.errors.terms}>
            <RichText text={t('register.acceptTerms')} />
          </CheckboxField>
        </AuthFormFrame>
        <SocialSignIn providers={providers} redirect={redirect} lang={lang} />
      </AuthPanel>
    </ContentLinksProvider>
  );
}
