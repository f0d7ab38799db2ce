import { describe, expect, it } from 'vitest';
import { refreshDelayMs, tokenOf, withToken } from './stream-token.ts';

const ORIGIN = 'https://pitchside.example';

describe('withToken', () => {
  it('puts the fresh token on requests for our signed stream files', () => {
    expect(withToken(`${ORIGIN}/streams/premium/1/main/index.m3u8?token=old`, 'new', ORIGIN)).toBe(
      `${ORIGIN}/streams/premium/1/main/index.m3u8?token=new`,
    );
    expect(withToken(`${ORIGIN}/streams/premium/1/main/segment-7.m4s?token=v1.a.b`, 'v1.c.d', ORIGIN)).toBe(
      `${ORIGIN}/streams/premium/1/main/segment-7.m4s?token=v1.c.d`,
    );
    expect(withToken('/streams/premium/1/main/init.mp4?token=old', 'new', ORIGIN)).toBe(
      `${ORIGIN}/streams/premium/1/main/init.mp4?token=new`,
    );
  });

  it('leaves unsigned URLs and other hosts alone', () => {
    const free = `${ORIGIN}/streams/free/1/stadium/index.m3u8`;
    expect(withToken(free, 'new', ORIGIN)).toBe(free);
    const cdn = 'https://cdn.example/streams/premium/1/main/index.m3u8?token=old';
    expect(withToken(cdn, 'new', ORIGIN)).toBe(cdn);
  });

  it('reads a token back', () => {
    expect(tokenOf('/streams/premium/1/main/index.m3u8?token=v1.1.a.b.c')).toBe('v1.1.a.b.c');
    expect(tokenOf('/streams/free/1/x/index.m3u8')).toBeNull();
  });
});

describe('refreshDelayMs', () => {
  const t0 = Date.parse('2025-06-14T18:00:00Z');
  const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

  it('renews a two-minute URL 30 s before it expires', () => {
    expect(refreshDelayMs(at(120), t0, t0)).toBe(90_000);
    // Asked later (a slow tab): the same deadline, less waiting.
    expect(refreshDelayMs(at(120), t0, t0 + 60_000)).toBe(30_000);
  });

  it('keeps a quarter of the lifetime in hand, at least 5 s but never more than half of it', () => {
    expect(refreshDelayMs(at(40), t0, t0)).toBe(30_000);
    expect(refreshDelayMs(at(20), t0, t0)).toBe(15_000);
    expect(refreshDelayMs(at(10), t0, t0)).toBe(5_000);
    expect(refreshDelayMs(at(6), t0, t0)).toBe(3_000);
  });

  it('asks at once for a URL that is about to expire or has, and never for a free one', () => {
    expect(refreshDelayMs(at(1), t0, t0)).toBe(500);
    expect(refreshDelayMs(at(10), t0 - 100_000, t0)).toBe(0);
    expect(refreshDelayMs(at(-5), t0, t0)).toBe(0);
    expect(refreshDelayMs(null, t0, t0)).toBeNull();
  });
});
