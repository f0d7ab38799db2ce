import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (m=64 MiB, t=3, p=4), above OWASP's minimum (m=19 MiB, t=2, p=1).
 * A missing account is verified against a dummy hash of the same cost, so a login takes as long whether or
 * not the address has an account.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
} as const;

export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a hash argon2 cannot read. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Costs what verify costs, and always fails: for an account that does not exist. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= argon2.hash('pitchside-dummy-password', ARGON2_OPTIONS);
    await this.verify(await this.dummy, password);
    return false;
  }

  /** A hash made with weaker parameters than today's, to be replaced at the next successful sign-in. */
  isOutdated(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return true;
    }
  }
}
