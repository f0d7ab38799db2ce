import type { LoginData, ProviderId } from '@pitchside/shared/auth';
import type { Queryable } from '../db/db.ts';
import { audit } from './audit-log.ts';
import { toAuthUser } from './auth-user.ts';
import { createSession, recordRefreshToken } from './session-store.ts';
import type { RequestContext } from './social/social-profile.ts';
import type { TokenService } from './token-service.ts';
import { identitiesOf, type UserRow } from './user-rows.ts';

/** What every way of signing in ends with: a new session and its first tokens, or the next tokens of one. */
export class SessionIssuer {
  constructor(readonly tokens: TokenService) {}

  /** Opens a session for the user (inside the caller's transaction) and answers its tokens. */
  async signIn(
    tx: Queryable,
    user: UserRow,
    provider: ProviderId,
    context: RequestContext,
  ): Promise<LoginData> {
    const sessionId = await createSession(tx, {
      userId: user.id,
      provider,
      context,
      refreshTtlS: this.tokens.refreshTtlS,
    });
    const signedIn = await tx.sql
      .updateTable('users')
      .set({ last_sign_in_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, 'user.signed-in', {
      userId: user.id,
      sessionId,
      ip: context.ip,
      userAgent: context.userAgent,
      detail: { provider },
    });
    return this.issueTokens(tx, signedIn, sessionId);
  }

  async issueTokens(tx: Queryable, user: UserRow, sessionId: string): Promise<LoginData> {
    const refresh = await this.tokens.signRefresh({ userId: user.id, sessionId });
    await recordRefreshToken(tx, sessionId, refresh.jti);
    const access = await this.tokens.signAccess({ userId: user.id, sessionId, scope: user.scope });
    return {
      ...toAuthUser(user, await identitiesOf(tx, [user.id])),
      token: {
        token_type: 'Bearer',
        access_token: access,
        refresh_token: refresh.token,
        expires_in: this.tokens.accessTtlS,
        refresh_expires_in: this.tokens.refreshTtlS,
      },
    };
  }
}
