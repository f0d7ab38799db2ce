import { useId } from 'react';
import type { PasswordPolicy } from '@pitchside/shared/auth/password-policy';
import { FormField } from './form-field.tsx';
import { PasswordRules } from './password-rules.tsx';

/**
 * A new password (registering, resetting, changing it) with the policy's rules under it, checked as the
 * visitor types and read out with the field. The value stays with the form, which may clear it after a success.
 */
export function NewPasswordField({
  label,
  name,
  policy,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  policy: PasswordPolicy;
  value: string;
  onChange: (password: string) => void;
  error: string | undefined;
}) {
  const rulesId = useId();
  return (
    <>
      <FormField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={policy.minLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        describedBy={rulesId}
      />
      <PasswordRules id={rulesId} policy={policy} password={value} />
    </>
  );
}
