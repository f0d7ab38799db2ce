import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis-client.ts';
import { z } from 'zod';
import { SocialProviderSchema, type LoginData } from '@pitchside/shared/auth';
import { LANGUAGES } from '@pitchside/shared/constants';
import type { RedisKeys } from '@pitchside/shared/redis-keys';

/** How long a visitor may spend at the provider before the sign-in must start again. */
export const SOCIAL_FLOW_TTL_S = 600;
/** How long the login page has to redeem the code the callback put in its address. */
export const SOCIAL_CODE_TTL_S = 60;

/** What the start remembers for the callback; never leaves the server. */
const PendingFlowSchema = z.object({
  provider: SocialProviderSchema,
  codeVerifier: z.string(),
  nonce: z.string().optional(),
  /** The exact redirect_uri sent to the provider: the token request must repeat it. */
  redirectUri: z.string(),
  /** Where the visitor lands after signing in: already checked to be a safe, on-site path. */
  target: z.string(),
  lang: z.enum(LANGUAGES),
});
export type PendingFlow = z.infer<typeof PendingFlowSchema>;

interface IssuedCode {
  browserId: string;
  login: LoginData;
}

/**
 * The server side of a social sign-in, in Redis: pending flows by browser and `state`, and the one-time codes
 * that hand the result to the login page. Both are read with GETDEL, so each is good for one use only, and
 * both expire on their own.
 */
export class SocialFlowStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {}

  async begin(browserId: string, state: string, flow: PendingFlow): Promise<void> {
    await this.redis.set(
      this.keys.socialFlow(browserId, state),
      JSON.stringify(flow),
      'EX',
      SOCIAL_FLOW_TTL_S,
    );
  }

  /** The flow this browser started with this `state`, consumed; null if it never did, or too long ago. */
  async resume(browserId: string, state: string): Promise<PendingFlow | null> {
    const raw = await this.redis.getdel(this.keys.socialFlow(browserId, state));
    if (!raw) return null;
    const parsed = PendingFlowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Puts the sign-in's result behind a random code for the login page to redeem. The code is bound to the
   * browser that ran the flow, so one that leaks from the address bar (history, a Referer, a log) is
   * worthless anywhere else.
   */
  async issueCode(browserId: string, login: LoginData): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const value: IssuedCode = { browserId, login };
    await this.redis.set(this.keys.socialCode(code), JSON.stringify(value), 'EX', SOCIAL_CODE_TTL_S);
    return code;
  }

  /** The LoginData behind the code, once; null when spent, expired, unknown or redeemed by another browser. */
  async redeemCode(code: string, browserId: string | null): Promise<LoginData | null> {
    const raw = await this.redis.getdel(this.keys.socialCode(code));
    if (!raw) return null;
    const issued = JSON.parse(raw) as IssuedCode;
    return issued.browserId === browserId ? issued.login : null;
  }
}
