import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { isSafeRedirectTarget } from '@pitchside/shared/auth/redirect-target';
import { exchangeSocialCode, loadProviders, login } from '../../features/auth/api/auth-api.ts';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { CredentialFields } from '../../features/auth/components/credential-fields.tsx';
import { AuthFormFrame } from '../../features/auth/components/auth-form-frame.tsx';
import { SocialSignIn } from '../../features/auth/components/social-sign-in.tsx';
import { requireFields, useAuthForm } from '../../features/auth/hooks/use-auth-form.ts';
import { forgetRedirectTarget, saveRedirectTarget } from '../../features/auth/stores/redirect-target.ts';
import { signIn } from '../../lib/session/session-actions.ts';
import { codeMessage, describeAuthError } from '../../lib/session/describe-auth-error.ts';
import { apiFrom } from '../../lib/api.ts';
import { showToast } from '../../stores/toast-store.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  return { providers: await loadProviders(apiFrom(context)) };
}

/** The providers do not change when the page drops ?social_code from its address. */
export const shouldRevalidate = () => false;

/**
 * /login: e-mail and password, or a social account. `?redirect=` (kept only if shared isSafeRedirectTarget
 * accepts it) is where the session sends the visitor once signed in; `?social_code=` is a social sign-in
 * coming back (exchanged once for the session), `?social_error=` one that failed.
 */
export function Component() {
  const { t } = useTranslation('account');
  const { providers } = useLoaderData<typeof loader>();
  const { lang = 'en' } = useParams();
  const to = useLocalPath();
  const paths = usePaths();
  const [search, setSearch] = useSearchParams();
  const redirectParam = search.get('redirect');
  const redirect = isSafeRedirectTarget(redirectParam) ? redirectParam : null;
  const form = useAuthForm();
  const [socialError, setSocialError] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const code = search.get('social_code');
    const error = search.get('social_error');
    if (redirect) saveRedirectTarget(redirect);
    else if (!code && !error) forgetRedirectTarget();
    if (!code && !error) return;
    // The code is single-use and the error said once: neither stays in the address (or the history).
    const rest = new URLSearchParams(search);
    rest.delete('social_code');
    rest.delete('social_error');
    setSearch(rest, { replace: true });
    if (error) {
      const message = codeMessage(t, /^[a-z]+:[a-z-]+$/.test(error) ? error : 'auth:provider-failed');
      setSocialError(message);
      showToast('error', message);
      return;
    }
    setExchanging(true);
    exchangeSocialCode(code!)
      .then((data) => {
        showToast('success', t('login.success'));
        signIn(data);
      })
      .catch((failure: unknown) => {
        const { message } = describeAuthError(t, failure);
        setSocialError(message);
        showToast('error', message);
      })
      .finally(() => setExchanging(false));
  }, [redirect, search, setSearch, t]);

  const onSubmit = form.submit(
    (data) => requireFields(t, data, ['email', 'password']),
    async (data) => {
      const answer = await login({
        email: String(data.get('email')).trim(),
        password: String(data.get('password')),
      });
      showToast('success', t('login.success'));
      signIn(answer);
    },
  );

  const back = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <>
      <StaticPageHead page="login" noindex />
      <AuthPanel
        title={t('login.title')}
        intro={redirect ? t('login.redirectNote') : t('login.intro')}
        footer={
          <>
            <p>
              <Link to={to('/reset')}>{t('login.forgot')}</Link>
            </p>
            <p>
              {t('login.noAccount')} <Link to={`${to('/register')}${back}`}>{t('login.register')}</Link>
            </p>
            <p>
              <Link to={paths.liveMatches()}>{t('form.browse')}</Link>
            </p>
          </>
        }
      >
        {socialError && (
          <div className="auth-notice auth-notice--error" data-testid="social-error">
            <p>{socialError}</p>
          </div>
        )}
        {exchanging && (
          <div className="auth-notice" role="status">
            <p>{t('login.socialPending')}</p>
          </div>
        )}
        <AuthFormFrame
          form={form}
          label={t('login.title')}
          submitLabel={t('login.submit')}
          onSubmit={onSubmit}
          disabled={form.busy || exchanging}
        >
          <CredentialFields form={form} />
        </AuthFormFrame>
        <SocialSignIn providers={providers} redirect={redirect} lang={lang} />
      </AuthPanel>
    </>
  );
}
