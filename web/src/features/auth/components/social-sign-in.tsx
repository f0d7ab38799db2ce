import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@pitchside/shared/auth';

interface SocialSignInProps {
  providers: readonly { id: SocialProvider; name: string }[];
  /** Where to land after signing in (already checked by isSafeRedirectTarget), if anywhere. */
  redirect: string | null;
  lang: string;
}

/**
 * Sign-in with the providers the gateway has configured (none: nothing shown). Each is a full-page
 * navigation to the gateway, which runs the OAuth round trip and comes back to /login?social_code=….
 */
export function SocialSignIn({ providers, redirect, lang }: SocialSignInProps) {
  const { t } = useTranslation('account');
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">
        <span>{t('form.or')}</span>
      </p>
      <ul className="social-sign-in__list" aria-label={t('form.socialLabel')}>
        {providers.map(({ id, name }) => {
          const query = new URLSearchParams({ ...(redirect ? { redirect } : {}), lang });
          return (
            <li key={id}>
              <a
                className="auth-button social-sign-in__button"
                href={`/api/auth/social/${id}/start?${query}`}
                data-provider={id}
              >
                {t('form.social', { provider: name })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
