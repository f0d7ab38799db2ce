import { hkdfSync, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { PitchsideError } from '@pitchside/shared/errors';

/** RFC 9068's media type for access tokens; refresh tokens get their own, so neither passes for the other. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const REFRESH_TOKEN_TYPE = 'rt+jwt';
const ALGORITHM = 'HS256';

/**
 * Access and refresh tokens are signed with different keys derived from AUTH_SECRET (HKDF), on top of the
 * `typ` check: even a verifier that forgot to look at the type could not take one for the other.
 */
export function deriveTokenKey(secret: string, use: 'access' | 'refresh'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'pitchside-tokens', `pitchside ${use} token`, 32));
}

export interface TokenConfig {
  secret: string;
  issuer: string;
  audience: string;
  accessTtlS: number;
  refreshTtlS: number;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  scope: string[];
  expiresAt: number;
}

export interface RefreshClaims {
  userId: string;
  sessionId: string;
  jti: string;
}

/** Signs and verifies the gateway's JWTs: HS256 pinned, issuer, audience and type checked. */
export class TokenService {
  private readonly accessKey: Uint8Array;
  private readonly refreshKey: Uint8Array;

  constructor(private readonly config: TokenConfig) {
    this.accessKey = deriveTokenKey(config.secret, 'access');
    this.refreshKey = deriveTokenKey(config.secret, 'refresh');
  }

  get accessTtlS(): number {
    return this.config.accessTtlS;
  }

  get refreshTtlS(): number {
    return this.config.refreshTtlS;
  }

  signAccess(claims: { userId: string; sessionId: string; scope: readonly string[] }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, scope: claims.scope.join(' ') })
      .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.config.accessTtlS}s`)
      .sign(this.accessKey);
  }

  /** The jti is what the database remembers (hashed) to spot a spent token coming back. */
  async signRefresh(claims: { userId: string; sessionId: string }): Promise<{ token: string; jti: string }> {
    const jti = randomUUID();
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: REFRESH_TOKEN_TYPE })
      .setIssuer(this.config.issuer)
      .setAudience(this.config.audience)
      .setSubject(claims.userId)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${this.config.refreshTtlS}s`)
      .sign(this.refreshKey);
    return { token, jti };
  }

  /**
   * Throws auth:token-expired (the client should refresh) or auth:token-invalid. `allowExpired` lets logout
   * end a session whose access token has just run out.
   */
  async verifyAccess(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims> {
    const payload = await this.verify(token, this.accessKey, ACCESS_TOKEN_TYPE, {
      clockTolerance: options.allowExpired ? this.config.refreshTtlS : 0,
      expired: 'auth:token-expired',
      invalid: 'auth:token-invalid',
    });
    if (typeof payload.scope !== 'string') throw new PitchsideError('auth:token-invalid');
    return {
      userId: payload.sub!,
      sessionId: payload.sid as string,
      scope: payload.scope.split(' ').filter(Boolean),
      expiresAt: payload.exp!,
    };
  }

  /** Throws auth:refresh-invalid for anything wrong, an expiry included. */
  async verifyRefresh(token: string): Promise<RefreshClaims> {
    const payload = await this.verify(token, this.refreshKey, REFRESH_TOKEN_TYPE, {
      clockTolerance: 0,
      expired: 'auth:refresh-invalid',
      invalid: 'auth:refresh-invalid',
    });
    return { userId: payload.sub!, sessionId: payload.sid as string, jti: payload.jti! };
  }

  private async verify(
    token: string,
    key: Uint8Array,
    typ: string,
    options: {
      clockTolerance: number;
      expired: 'auth:token-expired' | 'auth:refresh-invalid';
      invalid: 'auth:token-invalid' | 'auth:refresh-invalid';
    },
  ): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        typ,
        issuer: this.config.issuer,
        audience: this.config.audience,
        requiredClaims: ['sub', 'sid', 'jti', 'iat', 'exp'],
        clockTolerance: options.clockTolerance,
      });
      if (typeof payload.sid !== 'string') throw new PitchsideError(options.invalid);
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new PitchsideError(options.expired);
      throw new PitchsideError(options.invalid);
    }
  }
}
