import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';

/**
 * Issue 17 §1: new and open sockets per client address, behind a trusted proxy (TRUST_PROXY=loopback, the
 * proxy naming each client in X-Forwarded-For, as nginx does). Limits are small so a test opens few sockets:
 * a bucket of 20 new sockets refilled at 10 a second, and 30 open per address.
 */
const LIMITS = { perWindow: 20, windowS: 2, concurrent: 30 };

/** Engine.IO's polling handshake from `address`: the refusal's code, or null when a session was opened. */
async function handshake(url: string, address?: string): Promise<string | null> {
  const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
    headers: address ? { 'x-forwarded-for': address } : {},
  });
  const body = await response.text();
  if (response.status === 200 && body.startsWith('0{')) return null;
  return (JSON.parse(body) as { message: string }).message;
}

const tally = (codes: (string | null)[]) => {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code ?? 'opened'] = (counts[code ?? 'opened'] ?? 0) + 1;
  return counts;
};

describe('per-address socket limits', () => {
  let t: TestRedis;
  let gateway: TestGateway;

  beforeAll(async () => {
    t = await testRedis();
    gateway = await startGateway(t, { trustProxy: 'loopback', socketAddressLimits: LIMITS });
  });
  afterAll(async () => {
    await gateway?.close();
    await t?.cleanup();
  });

  it('admits 20 of 200 handshakes sent at once from one address (and what the bucket refilled meanwhile), refusing the rest as connection:rate-limited', async () => {
    const started = Date.now();
    const codes = await Promise.all(Array.from({ length: 200 }, () => handshake(gateway.url, '203.0.113.1')));
    const refill = Math.ceil(((Date.now() - started) / 1000) * (LIMITS.perWindow / LIMITS.windowS));
    const { opened = 0, 'connection:rate-limited': refused = 0, ...other } = tally(codes);
    expect(other).toEqual({});
    expect(opened).toBeGreaterThanOrEqual(LIMITS.perWindow);
    expect(opened).toBeLessThanOrEqual(LIMITS.perWindow + refill);
    expect(opened + refused).toBe(200);
    // Another fan is not affected by that address's flood.
    expect(await handshake(gateway.url, '198.51.100.9')).toBeNull();
    const text = await scrape(`${gateway.url}/metrics`);
    expect(sample(text, 'gateway_sockets_refused_total', { reason: 'connection:rate-limited' })).toBe(
      refused,
    );
  });

  it('refuses a WebSocket over the limit before it is upgraded, naming the code', async () => {
    const address = '203.0.113.2';
    await Promise.all(Array.from({ length: LIMITS.perWindow }, () => handshake(gateway.url, address)));
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
        headers: { 'x-forwarded-for': address },
      });
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => reject(new Error('the socket over the limit was upgraded')));
      ws.on('error', () => {});
    });
    // Refused before Engine.IO reads it: 429, the reason as the body.
    expect(refused).toEqual({ status: 429, body: 'connection:rate-limited' });
  });

  it('holds at most 30 open sockets per address, and admits another once one closes', async () => {
    const address = '203.0.113.3';
    const clients = [];
    // Opened 10 at a time, slower than the window, so only the open-socket cap can refuse.
    for (let wave = 0; wave < 3; wave++) {
      const opened = Array.from({ length: 10 }, () =>
        connectClient(gateway.url, { extraHeaders: { 'x-forwarded-for': address }, transports: ['polling'] }),
      );
      await Promise.all(
        opened.map((c) => new Promise<void>((resolve) => c.once('connect', () => resolve()))),
      );
      clients.push(...opened);
      await new Promise((r) => setTimeout(r, LIMITS.windowS * 1000));
    }
    try {
      expect(await handshake(gateway.url, address)).toBe('connection:too-many');
      clients.pop()!.disconnect();
      await expect.poll(() => handshake(gateway.url, address), { timeout: 5000 }).toBeNull();
    } finally {
      for (const c of clients) c.disconnect();
    }
  });

  it('does not limit loopback: a local tool, or a proxy the gateway was not told to trust', async () => {
    const codes = await Promise.all(Array.from({ length: 100 }, () => handshake(gateway.url)));
    expect(tally(codes)).toEqual({ opened: 100 });
  });
});
