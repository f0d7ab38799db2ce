import { describe, expect, it } from 'vitest';
import { TokenService } from './token-service.ts';

const config = {
  secret: 's'.repeat(40),
  issuer: 'pitchside',
  audience: 'pitchside-web',
  accessTtlS: 60,
  refreshTtlS: 3600,
};

describe('the token service', () => {
  const tokens = new TokenService(config);

  it('round-trips an access token and a refresh token', async () => {
    const access = await tokens.signAccess({ userId: 'u1', sessionId: 's1', scope: ['admin'] });
    expect(await tokens.verifyAccess(access)).toMatchObject({
      userId: 'u1',
      sessionId: 's1',
      scope: ['admin'],
    });
    const refresh = await tokens.signRefresh({ userId: 'u1', sessionId: 's1' });
    expect(await tokens.verifyRefresh(refresh.token)).toEqual({
      userId: 'u1',
      sessionId: 's1',
      jti: refresh.jti,
    });
  });

  it('never takes one kind of token for the other', async () => {
    const access = await tokens.signAccess({ userId: 'u1', sessionId: 's1', scope: [] });
    const refresh = await tokens.signRefresh({ userId: 'u1', sessionId: 's1' });
    await expect(tokens.verifyAccess(refresh.token)).rejects.toMatchObject({ code: 'auth:token-invalid' });
    await expect(tokens.verifyRefresh(access)).rejects.toMatchObject({ code: 'auth:refresh-invalid' });
  });

  it('refuses tokens of another secret, issuer or audience', async () => {
    const access = await tokens.signAccess({ userId: 'u1', sessionId: 's1', scope: [] });
    for (const other of [
      { ...config, secret: 't'.repeat(40) },
      { ...config, issuer: 'elsewhere' },
      { ...config, audience: 'another-app' },
    ]) {
      await expect(new TokenService(other).verifyAccess(access)).rejects.toMatchObject({
        code: 'auth:token-invalid',
      });
    }
  });

  it('tells an expired access token apart, and lets logout read it anyway', async () => {
    const shortLived = new TokenService({ ...config, accessTtlS: 1 });
    const access = await shortLived.signAccess({ userId: 'u1', sessionId: 's1', scope: [] });
    await new Promise((r) => setTimeout(r, 2100));
    await expect(shortLived.verifyAccess(access)).rejects.toMatchObject({ code: 'auth:token-expired' });
    expect((await shortLived.verifyAccess(access, { allowExpired: true })).sessionId).toBe('s1');
  });
});
