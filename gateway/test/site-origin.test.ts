import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '@pitchside/test-support/auth-api';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';

/**
 * Issue 17 §3: what the gateway takes from a request's Host and addresses. A checkout's way back, the queue
 * board's cookie and /metrics must not follow a client's word about who the site is or where it stands.
 */
const PASSWORD = 'correct-horse-1';
const SANDBOX = { webhookSecret: 'sandbox-webhook-secret-for-origin-tests-0123', redeliveryDelaysMs: [] };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with headers fetch would not send as given (Host): node:http, as curl would. */
function send(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method: init.method ?? 'GET',
        headers: { ...(body && { 'content-type': 'application/json' }), ...init.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Where the sandbox's Approve button sends the buyer back, for an order placed with `headers`. */
async function approveTarget(
  gateway: TestGateway,
  headers: Record<string, string>,
): Promise<Answer | string> {
  const user = await apiClient(gateway.url).register(
    `buyer-${randomUUID().slice(0, 8)}@example.com`,
    PASSWORD,
  );
  const placed = await send(gateway.url, '/api/orders', {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token.access_token}`, ...headers },
    body: { planId: 'monthly', currency: 'EUR', provider: 'sandbox' },
  });
  if (placed.status !== 201) return placed;
  const { redirectUrl } = (JSON.parse(placed.body) as { data: { redirectUrl: string } }).data;
  // The hosted page is served by the gateway itself: read it where it really is, whatever the URL's host says.
  const page = await (await fetch(`${gateway.url}${new URL(redirectUrl).pathname}`)).text();
  const action = /<form method="post" action="([^"]+\/approve)">/.exec(page)![1]!;
  const approved = await fetch(new URL(new URL(action, redirectUrl).pathname, gateway.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  expect(approved.status).toBe(303);
  return approved.headers.get('location')!;
}

const codeOf = (answer: Answer) => (JSON.parse(answer.body) as { error: { code: string } }).error.code;

describe('the site as the gateway sees it', () => {
  let t: TestRedis;
  /** As `npm start` runs: no PUBLIC_BASE_URL, one extra allowed origin. */
  let local: TestGateway;
  /** As deployed: PUBLIC_BASE_URL https, a scrape token. */
  let deployed: TestGateway;
  const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

  beforeAll(async () => {
    t = await testRedis();
    [local, deployed] = await Promise.all([
      startGateway(t, { allowedOrigins: ['https://app.example'], payments: { sandbox: SANDBOX } }),
      startGateway(t, {
        publicBaseUrl: 'https://pitchside.example',
        metricsToken: METRICS_TOKEN,
        payments: { sandbox: SANDBOX },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([local?.close(), deployed?.close()]);
    await t?.cleanup();
  });

  describe('a checkout’s way back', () => {
    it('is refused when it would follow a forged Host, with no configured address to go by', async () => {
      const refused = (await approveTarget(local, { host: 'shop.evil.example' })) as Answer;
      expect([refused.status, codeOf(refused)]).toEqual([403, 'request:origin-forbidden']);
    });

    it('is the page’s origin when it is an allowed one, and the site’s own on loopback', async () => {
      expect(
        await approveTarget(local, { host: 'shop.evil.example', origin: 'https://app.example' }),
      ).toMatch(/^https:\/\/app\.example\/api\/payments\/sandbox\/return\?order=/);
      expect(await approveTarget(local, {})).toMatch(
        new RegExp(`^${local.url.replace(/\./g, '\\.')}/api/payments/sandbox/return\\?order=`),
      );
    });

    it('is PUBLIC_BASE_URL when configured, whatever Host the request names', async () => {
      expect(await approveTarget(deployed, { host: 'shop.evil.example' })).toMatch(
        /^https:\/\/pitchside\.example\/api\/payments\/sandbox\/return\?order=/,
      );
    });
  });

  it('sets the queue board’s cookie Secure when the site is https by PUBLIC_BASE_URL, over a plain hop', async () => {
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const user = await apiClient(deployed.url).register(email, PASSWORD);
    await deployed.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [user.uid]);
    const { token } = await apiClient(deployed.url).login(email, PASSWORD, '/admin/login');
    const granted = await send(deployed.url, '/api/admin/ops/board-session', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(granted.status).toBe(200);
    expect(String(granted.headers['set-cookie'])).toMatch(/; Secure/);
  });

  describe('/metrics', () => {
    it('answers a direct scrape from this host, and hides from a visitor who came through a proxy', async () => {
      const [direct, proxied, forwarded] = await Promise.all([
        send(local.url, '/metrics'),
        send(local.url, '/metrics', { headers: { 'x-forwarded-for': '203.0.113.5' } }),
        send(local.url, '/metrics', { headers: { forwarded: 'for=203.0.113.5' } }),
      ]);
      expect(direct.status).toBe(200);
      expect(direct.body).toContain('gateway_sockets');
      expect([proxied.status, forwarded.status]).toEqual([404, 404]);
      expect(proxied.body).not.toContain('gateway_sockets');
    });

    it('needs the bearer token when one is configured, from anywhere', async () => {
      const [none, wrong, right] = await Promise.all([
        send(deployed.url, '/metrics'),
        send(deployed.url, '/metrics', { headers: { authorization: 'Bearer not-the-token-0123456789' } }),
        send(deployed.url, '/metrics', {
          headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.5' },
        }),
      ]);
      expect([none.status, wrong.status, right.status]).toEqual([401, 401, 200]);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(right.body).toContain('gateway_sockets');
    });
  });
});
