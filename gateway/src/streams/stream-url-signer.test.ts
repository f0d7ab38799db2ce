import { describe, expect, it } from 'vitest';
import { createStreamUrlSigner, isCanonicalStreamPath, STREAM_TOKEN_PARAM } from './stream-url-signer.ts';

const secret = 'stream-secret-0123456789abcdef0123456789';
const start = 1_760_000_000_000;

function setup(ttlS = 120) {
  let now = start;
  const signer = createStreamUrlSigner({ secret, ttlS, now: () => now });
  return { signer, advance: (ms: number) => (now += ms) };
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get(STREAM_TOKEN_PARAM) ?? '';

describe('stream URL signer', () => {
  it('signs a playlist URL that opens the playlist and every segment beside it, for that user', () => {
    const { signer } = setup();
    const url = signer.signUrl('/streams/premium/m1/index.m3u8', 'user-42');
    expect(url).toMatch(/^\/streams\/premium\/m1\/index\.m3u8\?token=v1\./);
    const token = tokenOf(url);
    for (const path of [
      '/streams/premium/m1/index.m3u8',
      '/streams/premium/m1/segment-3.m4s',
      '/streams/premium/m1/init.mp4',
    ]) {
      expect(signer.verify(path, token)).toEqual({
        ok: true,
        grant: { scope: '/streams/premium/m1/', userId: 'user-42', expiresAt: start / 1000 + 120 },
      });
    }
  });

  it('refuses the token for another match, a parent directory, or a path that climbs out of its scope', () => {
    const { signer } = setup();
    const token = tokenOf(signer.signUrl('/streams/premium/m1/index.m3u8', 'user-42'));
    for (const path of [
      '/streams/premium/m2/index.m3u8',
      '/streams/premium/m10/index.m3u8',
      '/streams/premium/',
      '/streams/premium/m1',
      '/streams/premium/m1/../m2/index.m3u8',
      '/streams/premium/m1/%2e%2e/m2/index.m3u8',
      '/streams/premium/m1/..%2fm2/index.m3u8',
      '/streams/premium/m1//etc',
    ]) {
      expect(signer.verify(path, token), path).toEqual({ ok: false, reason: 'wrong-path' });
    }
  });

  it('an exact-path token opens only that path', () => {
    const { signer } = setup();
    const token = signer.issue('/streams/premium/m1/index.m3u8', 'u1');
    expect(signer.verify('/streams/premium/m1/index.m3u8', token).ok).toBe(true);
    expect(signer.verify('/streams/premium/m1/segment-0.m4s', token)).toEqual({
      ok: false,
      reason: 'wrong-path',
    });
  });

  it('refuses a URL shared after it expired, from its expiry second on', () => {
    const { signer, advance } = setup(60);
    const token = signer.issue('/streams/premium/m1/', 'u1');
    advance(59_999);
    expect(signer.verify('/streams/premium/m1/index.m3u8', token).ok).toBe(true);
    advance(1);
    expect(signer.verify('/streams/premium/m1/index.m3u8', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose expiry, user or scope was changed, or that another secret signed', () => {
    const { signer } = setup();
    const token = signer.issue('/streams/premium/m1/', 'u1');
    const [v, exp, user, scope, mac] = token.split('.') as [string, string, string, string, string];
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const tampered = [
      [v, String(Number(exp) + 3600), user, scope, mac],
      [v, exp, b64('u2'), scope, mac],
      [v, exp, user, b64('/streams/premium/'), mac],
      [v, exp, user, scope, `${mac.slice(0, -2)}AA`],
    ];
    for (const parts of tampered) {
      expect(signer.verify('/streams/premium/m1/index.m3u8', parts.join('.'))).toEqual({
        ok: false,
        reason: 'forged',
      });
    }
    const other = createStreamUrlSigner({ secret: `${secret}-other`, now: () => start });
    expect(
      signer.verify('/streams/premium/m1/index.m3u8', other.issue('/streams/premium/m1/', 'u1')),
    ).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('takes only the one spelling of a signature: the other three of its last character are forged', () => {
    const { signer } = setup();
    const token = signer.issue('/streams/premium/m1/', 'u1');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1)!);
    // A 32-byte MAC is 43 characters; the last one's two low bits are unused: these four decode alike.
    const twins = [0, 1, 2, 3].map((low) => alphabet[(last & ~3) | low]!).filter((c) => c !== token.at(-1));
    expect(twins).toHaveLength(3);
    for (const twin of twins) {
      const respelled = `${token.slice(0, -1)}${twin}`;
      expect(Buffer.from(respelled.split('.')[4]!, 'base64url')).toEqual(
        Buffer.from(token.split('.')[4]!, 'base64url'),
      );
      expect(signer.verify('/streams/premium/m1/index.m3u8', respelled)).toEqual({
        ok: false,
        reason: 'forged',
      });
    }
    expect(signer.verify('/streams/premium/m1/index.m3u8', token)).toMatchObject({ ok: true });
  });

  it('says malformed for what is not a token at all', () => {
    const { signer } = setup();
    for (const bad of [undefined, '', 'abc', 'v2.1.a.b.c', 'v1.soon.a.b.c', 'v1.1.a+b.c.d', 'v1.1.a.b.c.d']) {
      expect(signer.verify('/streams/premium/m1/index.m3u8', bad), String(bad)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses to sign with a short secret, a non-canonical scope or an unbounded lifetime', () => {
    expect(() => createStreamUrlSigner({ secret: 'short' })).toThrow(RangeError);
    const { signer } = setup();
    expect(() => signer.issue('streams/m1/', 'u1')).toThrow(RangeError);
    expect(() => signer.issue('/streams/../m1/', 'u1')).toThrow(RangeError);
    expect(() => signer.issue('/streams/m1/', '')).toThrow(RangeError);
    expect(() => signer.issue('/streams/m1/', 'u1', 0)).toThrow(RangeError);
    expect(() => signer.issue('/streams/m1/', 'u1', 7 * 24 * 3600)).toThrow(RangeError);
  });

  it('knows a canonical path', () => {
    expect(isCanonicalStreamPath('/streams/m1/index.m3u8')).toBe(true);
    expect(isCanonicalStreamPath('/streams/m1/')).toBe(true);
    for (const bad of ['streams/m1', '/a/./b', '/a/../b', '/a//b', '/a/%2E%2E/b', '/a\\b', '/a/%5cb']) {
      expect(isCanonicalStreamPath(bad), bad).toBe(false);
    }
  });
});
