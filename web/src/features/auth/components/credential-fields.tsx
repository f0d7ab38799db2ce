import { useTranslation } from 'react-i18next';
import type { AuthForm } from '../hooks/use-auth-form.ts';
import { FormField } from './form-field.tsx';

/**
 * The e-mail and the current password of a sign-in form (/login, /cms/login), named `email` and `password`
 * and marked up so password managers fill them in.
 */
export function CredentialFields({ form }: { form: AuthForm }) {
  const { t } = useTranslation('account');
  return (
    <>
      <FormField
        label={t('form.email')}
        name="email"
        type="email"
        autoComplete="username"
        required
        error={form.errors.email}
      />
      <FormField
        label={t('form.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={form.errors.password}
      />
    </>
  );
}
