import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { WEB_DIST } from '@pitchside/test-support/stack';

/**
 * Issue 17 §3: hidden plans and discounts open with a deal code; a word list must not find them. Behind a
 * trusted proxy, so each test's guesser has an address of its own (X-Forwarded-For).
 */
describe('deal code guesses', () => {
  let t: TestRedis;
  let gateway: TestGateway;

  beforeAll(async () => {
    t = await testRedis();
    gateway = await startGateway(t, { trustProxy: 'loopback', payments: {}, webDist: WEB_DIST });
  });
  afterAll(async () => {
    await gateway?.close();
    await t?.cleanup();
  });

  const plans = async (code: string, from: string) => {
    const res = await fetch(`${gateway.url}/api/plans?deal=${code}`, {
      headers: { 'x-forwarded-for': from },
    });
    const body = (await res.json()) as { error?: { code: string } };
    return { status: res.status, code: body.error?.code ?? 'ok', retryAfter: res.headers.get('retry-after') };
  };

  it('answers 10 of 40 wrong codes sent at once from one address; the rest, and then the right code, wait', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `WORD-${i}`);
    const answers = await Promise.all(words.map((w) => plans(w, '203.0.113.20')));
    expect(answers.filter((a) => a.code === 'deal:not-found')).toHaveLength(10);
    const refused = answers.filter((a) => a.code === 'request:rate-limited');
    expect(refused).toHaveLength(30);
    expect(refused.every((a) => a.status === 429 && Number(a.retryAfter) >= 1)).toBe(true);
    // Even a real code is not looked up while the address waits: the answer tells the guesser nothing.
    expect((await plans('KICKOFF', '203.0.113.20')).code).toBe('request:rate-limited');
    // Another fan's address is not affected.
    expect(await plans('KICKOFF', '198.51.100.20')).toMatchObject({ status: 200, code: 'ok' });
  });

  it("counts a pricing page's ?deal= against its visitor, not against the server render's loopback", async () => {
    const page = (code: string, from: string) =>
      fetch(`${gateway.url}/en/pricing?deal=${code}`, { headers: { 'x-forwarded-for': from } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => page(`GUESS-${i}`, '203.0.113.22')),
    );
    const statuses = answers.map((a) => a.status);
    // Ten wrong codes render the page (saying the code is unknown); the other ten are refused unrendered.
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('request:rate-limited');
    // The API from that address is held back too: one counter per visitor, pages and API alike.
    expect((await plans('KICKOFF', '203.0.113.22')).code).toBe('request:rate-limited');
    // Other visitors' pages, rendered through the same loopback API, are not.
    expect((await page('KICKOFF', '198.51.100.22')).status).toBe(200);
    expect((await plans('NOPE-1', '198.51.100.22')).code).toBe('deal:not-found');
  });

  it('does not count codes that exist: a fan who opens deal links is never held back', async () => {
    // Thirty visits in waves of five (more than ten at the same instant would each hold an attempt in flight).
    for (let wave = 0; wave < 6; wave++) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => plans('season', '203.0.113.21')));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    }
    expect((await plans('TYPO', '203.0.113.21')).code).toBe('deal:not-found');
  });
});
