import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { PitchsideError } from '@pitchside/shared/errors';

/** Its own media type and audience: an access token never passes for a board session, nor the reverse. */
const BOARD_TOKEN_TYPE = 'board+jwt';
const BOARD_AUDIENCE = 'pitchside-ops-board';
const ALGORITHM = 'HS256';

export interface BoardSessionClaims {
  userId: string;
  sessionId: string;
}

/**
 * The short-lived credential of the queue board (bull-board at /admin/queues). A browser navigating there
 * cannot send a bearer header, so the dashboard trades its access token for this, carried in an HttpOnly
 * cookie scoped to the board's path. Signed with a key of its own derived from AUTH_SECRET (HKDF, as the
 * token service derives the access and refresh keys), bound to the session that asked for it.
 */
export class BoardSessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    readonly ttlS: number,
  ) {
    this.key = new Uint8Array(
      hkdfSync('sha256', secret, 'pitchside-tokens', 'pitchside ops-board token', 32),
    );
  }

  sign(claims: BoardSessionClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: BOARD_TOKEN_TYPE })
      .setIssuer(this.issuer)
      .setAudience(BOARD_AUDIENCE)
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlS}s`)
      .sign(this.key);
  }

  /** Throws auth:unauthenticated for anything wrong: forged, expired, another kind of token. */
  async verify(token: string): Promise<BoardSessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        typ: BOARD_TOKEN_TYPE,
        issuer: this.issuer,
        audience: BOARD_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      if (typeof payload.sid !== 'string') throw new Error('sid');
      return { userId: payload.sub!, sessionId: payload.sid };
    } catch {
      throw new PitchsideError('auth:unauthenticated');
    }
  }
}
