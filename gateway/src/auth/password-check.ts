import { checkPassword, type PasswordPolicy } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import { AuthThrottle, type ThrottleLimits } from './auth-throttle.ts';
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

  /**
   * Reserves a sign-in attempt with this password for `account` from `ip` before it is checked, or throws 429
   * auth:too-many-requests with Retry-After. The reservation stays counted unless `signedIn` follows.
   */
  reserveSignIn(account: string, ip: string): Promise<void> {
    return this.throttle.reserve(SIGN_IN, [
      ['account-ip', AuthThrottle.pair(account, ip), this.limits.loginPerAccountAndIp],
      ['account', account, this.limits.loginPerAccount],
      ['ip', ip, this.limits.loginPerIp],
    ]);
  }

  /** The password was right: this account and address start afresh, and the attempt counts nowhere else. */
  async signedIn(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.throttle.clear(SIGN_IN, 'account-ip', AuthThrottle.pair(account, ip)),
      this.throttle.release(SIGN_IN, [
        ['account', account],
        ['ip', ip],
      ]),
    ]);
  }

  /** Re-authentication for sensitive changes; guesses count against the account like sign-ins. */
  async confirm(user: UserRow, password: string | undefined, context: RequestContext): Promise<void> {
    if (!user.password_hash) return;
    const account = user.email ?? user.id;
    const ip = context.ip ?? 'unknown';
    await this.reserveSignIn(account, ip);
    if (password === undefined || !(await this.hasher.verify(user.password_hash, password))) {
      throw new PitchsideError('auth:wrong-password');
    }
    await this.signedIn(account, ip);
  }
}

/** The throttle's action for password checks (sign-in and re-authentication share their counters). */
const SIGN_IN = 'sign-in';
