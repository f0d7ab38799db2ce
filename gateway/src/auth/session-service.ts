import type { AccountSession, LoginData } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Db } from '../db/db.ts';
import { audit } from './audit-log.ts';
import type { AuthContext } from './require-user.ts';
import type { SessionIssuer } from './session-issuer.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { liveSessions, revokeSessions, spendRefreshToken } from './session-store.ts';
import type { RequestContext } from './social/social-profile.ts';
import { userById } from './user-rows.ts';

/**
 * A signed-in user's sessions: refresh-token rotation, signing out (here or everywhere), the list on the
 * account page. Every session it ends is also marked in Redis so its access tokens stop working at once.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly issuer: SessionIssuer,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Rotates the refresh token; a spent one coming back ends its whole family. */
  async refresh(refreshToken: string, context: RequestContext): Promise<LoginData> {
    const claims = await this.issuer.tokens.verifyRefresh(refreshToken);
    const result = await this.db.transaction(async (tx) => {
      const outcome = await spendRefreshToken(tx, {
        sessionId: claims.sessionId,
        jti: claims.jti,
        context,
        refreshTtlS: this.issuer.tokens.refreshTtlS,
      });
      if (outcome.kind === 'invalid') throw new PitchsideError('auth:refresh-invalid');
      if (outcome.kind === 'reused') {
        await audit(tx, 'session.refresh-reuse', {
          userId: outcome.userId,
          sessionId: claims.sessionId,
          ip: context.ip,
          userAgent: context.userAgent,
        });
        return null;
      }
      const user = await userById(tx, outcome.userId);
      if (!user) throw new PitchsideError('auth:refresh-invalid');
      if (user.disabled) throw new PitchsideError('auth:user-disabled');
      return this.issuer.issueTokens(tx, user, claims.sessionId);
    });
    if (!result) {
      await this.revocations.revoke([claims.sessionId]);
      throw new PitchsideError('auth:refresh-invalid');
    }
    return result;
  }

  async logout(auth: AuthContext, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, {
      userId: auth.userId,
      only: auth.sessionId,
      reason: 'logout',
    });
    await this.revocations.revoke([auth.sessionId]);
    if (ids.length > 0)
      await audit(this.db, 'user.signed-out', {
        userId: auth.userId,
        sessionId: auth.sessionId,
        ip: context.ip,
      });
  }

  /** Every session of the user, this one too. */
  async logoutEverywhere(auth: AuthContext, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, { userId: auth.userId, reason: 'logout-all' });
    await this.revocations.revoke([...ids, auth.sessionId]);
    await audit(this.db, 'user.signed-out-everywhere', {
      userId: auth.userId,
      sessionId: auth.sessionId,
      ip: context.ip,
      detail: { sessions: ids.length },
    });
  }

  list(auth: AuthContext): Promise<AccountSession[]> {
    return liveSessions(this.db, auth.userId, auth.sessionId);
  }

  async revoke(auth: AuthContext, sessionId: string, context: RequestContext): Promise<void> {
    const ids = await revokeSessions(this.db, {
      userId: auth.userId,
      only: sessionId,
      reason: 'revoked-by-user',
    });
    if (ids.length === 0)
      throw new PitchsideError('resource:not-found', 'You have no live session with this id.');
    await this.revocations.revoke(ids);
    await audit(this.db, 'session.revoked', { userId: auth.userId, sessionId, ip: context.ip });
  }
}
