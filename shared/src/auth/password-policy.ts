/**
 * The password policy (SPEC 5): a minimum length (6 by default), an optional maximum, and optional
 * lowercase, uppercase, digit and non-alphanumeric requirements. The gateway configures it and answers it at
 * GET /api/auth/password-policy; the forms check it as the user types, the gateway checks it again.
 */
export interface PasswordPolicy {
  minLength: number;
  /** Unset: no maximum beyond the gateway's hard cap (PASSWORD_HARD_MAX_LENGTH). */
  maxLength?: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigit: boolean;
  requireNonAlphanumeric: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireNonAlphanumeric: false,
};

/** Argon2 hashes anything, but a megabyte "password" is an attack on the CPU, not a password. */
export const PASSWORD_HARD_MAX_LENGTH = 256;

/** Why a password fails the policy: stable codes the forms translate. */
export type PasswordRule =
  | 'password:too-short'
  | 'password:too-long'
  | 'password:needs-lowercase'
  | 'password:needs-uppercase'
  | 'password:needs-digit'
  | 'password:needs-non-alphanumeric';

/** Every rule the password breaks, in a stable order; empty when it passes. */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordRule[] {
  // Length in code points, so an emoji counts once, as the user sees it.
  const length = [...password].length;
  const broken: PasswordRule[] = [];
  if (length < policy.minLength) broken.push('password:too-short');
  if (length > Math.min(policy.maxLength ?? PASSWORD_HARD_MAX_LENGTH, PASSWORD_HARD_MAX_LENGTH))
    broken.push('password:too-long');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push('password:needs-lowercase');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push('password:needs-uppercase');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) broken.push('password:needs-digit');
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password))
    broken.push('password:needs-non-alphanumeric');
  return broken;
}
