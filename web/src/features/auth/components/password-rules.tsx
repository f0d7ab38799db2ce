import { useTranslation } from 'react-i18next';
import {
  checkPassword,
  type PasswordPolicy,
  type PasswordRule,
} from '@pitchside/shared/auth/password-policy';
import { codeKey } from '../../../lib/session/describe-auth-error.ts';

/** The rules a policy asks for, in the order checkPassword reports them. */
function rulesOf(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = ['password:too-short'];
  if (policy.maxLength !== undefined) rules.push('password:too-long');
  if (policy.requireLowercase) rules.push('password:needs-lowercase');
  if (policy.requireUppercase) rules.push('password:needs-uppercase');
  if (policy.requireDigit) rules.push('password:needs-digit');
  if (policy.requireNonAlphanumeric) rules.push('password:needs-non-alphanumeric');
  return rules;
}

/**
 * The password policy (SPEC 5) as a checklist under a new-password field, checked as the visitor types:
 * each rule says whether the password meets it, so every broken rule is in view at once.
 */
export function PasswordRules({
  id,
  policy,
  password,
}: {
  id: string;
  policy: PasswordPolicy;
  password: string;
}) {
  const { t } = useTranslation('account');
  const broken = new Set(checkPassword(policy, password));
  const say = t as unknown as (key: string, options?: object) => string;
  return (
    <div className="password-rules" id={id} data-testid="password-rules">
      <p className="password-rules__title">{t('password.title')}</p>
      <ul>
        {rulesOf(policy).map((rule) => {
          const ok = password !== '' && !broken.has(rule);
          const count = rule === 'password:too-long' ? policy.maxLength : policy.minLength;
          return (
            <li
              key={rule}
              className={ok ? 'password-rules__ok' : 'password-rules__missing'}
              data-rule={rule}
              data-ok={ok}
            >
              <span aria-hidden="true">{ok ? '✓' : '•'} </span>
              {say(`password.rule.${codeKey(rule).split('.').at(-1)}`, { count })}
              <span className="visually-hidden"> ({ok ? t('password.met') : t('password.missing')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
