import { checkPassword, type PasswordPolicy } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { AuthCounter, AuthThrottle, ThrottleLimits } from './auth-throttle.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { RequestContext } from './social/social-profile.ts';
import type { UserRow } from './user-rows.ts';

/** A password that breaks the policy: 400 with one issue per broken rule, coded for the form. */
export const weakPassword = (field: string, rules: readonly string[]) =>
  new PitchsideError(
    'auth:weak-password',
    undefined,
    rules.map((code) => ({ path: field, message: 'The password does not meet the policy.', code })),
  );

/** The password rules the accounts share: the policy for new passwords, re-authentication for changes. */
export class PasswordCheck {
  constructor(
    readonly policy: PasswordPolicy,
    readonly hasher: PasswordHasher,
    readonly throttle: AuthThrottle,
    readonly limits: ThrottleLimits,
  ) {}

  /** Throws auth:weak-password (400, each broken rule) for a password the policy refuses, else hashes it. */
  async hashNew(field: string, password: string): Promise<string> {
    const broken = checkPassword(this.policy, password);
    if (broken.length > 0) throw weakPassword(field, broken);
    return this.hasher.hash(password);
  }

  /** Re-authentication for sensitive changes; wrong guesses count against the account like failed logins. */
  async confirm(user: UserRow, password: string | undefined, context: RequestContext): Promise<void> {
    if (!user.password_hash) return;
    const counters: AuthCounter[] = [
      ['account', user.email ?? user.id, this.limits.loginPerAccount],
      ['ip', context.ip ?? 'unknown', this.limits.loginPerIp],
    ];
    await this.throttle.check('login', counters);
    if (password === undefined || !(await this.hasher.verify(user.password_hash, password))) {
      await this.throttle.hit('login', counters);
      throw new PitchsideError('auth:wrong-password');
    }
  }
}
