import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { checkPassword } from '@pitchside/shared/auth/password-policy';
import { loadPasswordPolicy, resetPassword } from '../../features/auth/api/auth-api.ts';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { FormField } from '../../features/auth/components/form-field.tsx';
import { AuthFormFrame } from '../../features/auth/components/auth-form-frame.tsx';
import { NewPasswordField } from '../../features/auth/components/new-password-field.tsx';
import { requireFields, useAuthForm } from '../../features/auth/hooks/use-auth-form.ts';
import { apiFrom } from '../../lib/api.ts';
import { showToast } from '../../stores/toast-store.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  return { policy: await loadPasswordPolicy(apiFrom(context)) };
}

export const shouldRevalidate = () => false;

/**
 * /auth/reset-password?token=…: the link of the reset mail. A new password (twice, under the policy);
 * a link that has expired or was used says so and offers to ask for a new one.
 */
export function Component() {
  const { t } = useTranslation('account');
  const { policy } = useLoaderData<typeof loader>();
  const to = useLocalPath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token');
  const form = useAuthForm(policy);
  const [password, setPassword] = useState('');

  const onSubmit = form.submit(
    (data) => {
      const errors = requireFields(t, data, ['password', 'confirm']);
      if (!errors.password && checkPassword(policy, String(data.get('password'))).length > 0)
        errors.password = t('password.notMet');
      if (!errors.confirm && data.get('confirm') !== data.get('password'))
        errors.confirm = t('form.mismatch');
      return errors;
    },
    async (data) => {
      await resetPassword({ token: token ?? '', password: String(data.get('password')) });
      showToast('success', t('resetPassword.success'));
      void navigate(to('/login'), { replace: true });
    },
  );

  const askAgain = (
    <Link className="auth-button" to={to('/reset')} data-testid="ask-again">
      {t('resetPassword.askAgain')}
    </Link>
  );
  const expired = form.errorCode === 'auth:expired-action-code';
  return (
    <>
      <StaticPageHead page="reset-password" noindex />
      <AuthPanel
        title={t('resetPassword.title')}
        intro={token && !expired ? t('resetPassword.intro') : undefined}
        footer={
          <p>
            <Link to={to('/login')}>{t('resetPassword.back')}</Link>
          </p>
        }
      >
        {!token || expired ? (
          <div className="auth-notice auth-notice--error" data-testid="reset-link-problem">
            <p>{expired ? t('resetPassword.expired') : t('resetPassword.missing')}</p>
            {askAgain}
          </div>
        ) : (
          <AuthFormFrame
            form={form}
            label={t('resetPassword.title')}
            submitLabel={t('resetPassword.submit')}
            onSubmit={onSubmit}
          >
            <NewPasswordField
              label={t('form.newPassword')}
              name="password"
              policy={policy}
              value={password}
              onChange={setPassword}
              error={form.errors.password}
            />
            <FormField
              label={t('form.confirmPassword')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              error={form.errors.confirm}
            />
          </AuthFormFrame>
        )}
      </AuthPanel>
    </>
  );
}
