import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { forgotPassword } from '../../features/auth/api/auth-api.ts';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { FormField } from '../../features/auth/components/form-field.tsx';
import { AuthFormFrame } from '../../features/auth/components/auth-form-frame.tsx';
import { requireFields, useAuthForm } from '../../features/auth/hooks/use-auth-form.ts';
import { showToast } from '../../stores/toast-store.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /reset: asks for the address to mail a reset link to. The answer is the same whether or not an account
 * uses the address (the gateway's too), so the page cannot be used to find out who has an account.
 */
export function Component() {
  const { t } = useTranslation('account');
  const { lang = 'en' } = useParams();
  const to = useLocalPath();
  const form = useAuthForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.submit(
    (data) => requireFields(t, data, ['email']),
    async (data) => {
      const email = String(data.get('email')).trim();
      await forgotPassword({ email, language: lang });
      showToast('success', t('reset.sentToast'));
      setSentTo(email);
    },
  );

  return (
    <>
      <StaticPageHead page="reset" noindex />
      <AuthPanel
        title={t('reset.title')}
        intro={sentTo ? undefined : t('reset.intro')}
        footer={
          <p>
            <Link to={to('/login')}>{t('reset.back')}</Link>
          </p>
        }
      >
        {sentTo ? (
          <div className="auth-notice" role="status" data-testid="reset-sent">
            <p>{t('reset.sent', { email: sentTo })}</p>
            <p>{t('reset.sentHelp')}</p>
          </div>
        ) : (
          <AuthFormFrame
            form={form}
            label={t('reset.title')}
            submitLabel={t('reset.submit')}
            onSubmit={onSubmit}
          >
            <FormField
              label={t('form.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={form.errors.email}
            />
          </AuthFormFrame>
        )}
      </AuthPanel>
    </>
  );
}
