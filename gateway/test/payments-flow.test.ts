import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMatch } from '@pitchside/shared/testing';
import {
  CreateOrderResponseSchema,
  EntitlementSchema,
  MatchStreamsSchema,
  OrderSchema,
  PlansResponseSchema,
  type Entitlement,
  type Order,
} from '@pitchside/shared/payments';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { createSimulator, fixtureStateAt, IN_PLAY, type Simulator } from '@pitchside/simulator';
import { signTimestampedHmac } from '../src/payments/providers/timestamped-hmac.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../src/payments/providers/sandbox/sandbox-provider.ts';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase, type TestDatabaseKind } from '@pitchside/test-support/database';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

/**
 * Issue 5 end to end over HTTP: a real gateway (PostgreSQL or PGlite, Redis, BullMQ), the sandbox provider's
 * hosted page and signed webhooks, and the simulator as the streaming provider. The premium stream's playlist
 * and segments are fetched through the gateway with the signed URL it issues.
 */

const SANDBOX_SECRET = 'sandbox-webhook-secret-for-payment-tests-0123';
const PASSWORD = 'correct-horse-1';
const TOKEN_TTL_S = 30;

describe.each<TestDatabaseKind>(['postgres', 'pglite'])(
  'plans, payments and premium streams on %s',
  (kind) => {
    let t: TestRedis;
    let database: TestDatabase;
    let simulator: Simulator;
    let gateway: TestGateway;
    let api: ApiClient;
    /** The stream tokens' clock: a test moves it to let URLs expire without waiting. */
    let clockOffsetMs = 0;
    /** While true the sandbox's webhooks go nowhere, as if the network lost them. */
    let loseWebhooks = false;
    let liveMatchId = '';

    beforeAll(async () => {
      [t, database] = await Promise.all([testRedis(), testDatabase(kind)]);
      simulator = createSimulator({ timeScale: 0 });
      const { url: simulatorUrl } = await simulator.listen(0);
      // A match the simulator is streaming (its clock is frozen, so it stays in play), stored as ingest would.
      const now = simulator.clock.nowMs();
      const live = simulator.schedule
        .fixturesAt(now)
        .find((f) => IN_PLAY.has(fixtureStateAt(f, now).status.short))!;
      liveMatchId = String(live.id);
      const store = new MatchStore(t.redis, t.keys);
      await store.ingest({ match: buildMatch({ id: liveMatchId, status: 'first_half' }) });
      await store.ingest({ match: buildMatch({ id: '999999991', status: 'first_half' }) });

      gateway = await startGateway(t, {
        db: database.db,
        payments: {
          sandbox: {
            webhookSecret: SANDBOX_SECRET,
            webhookUrl: () =>
              loseWebhooks ? 'http://127.0.0.1:9/lost' : `${gateway.url}/api/payments/sandbox/webhook`,
            redeliveryDelaysMs: [],
          },
          reconcile: { everyMs: 400, olderThanMs: 1500 },
          streams: { apiUrl: simulatorUrl, tokenTtlS: TOKEN_TTL_S, clock: () => Date.now() + clockOffsetMs },
        },
      });
      api = apiClient(gateway.url);
    });

    afterAll(async () => {
      await gateway.close();
      await simulator.close();
      await database.cleanup();
      await t.cleanup();
    });

    const signUp = async () => {
      const user = await api.register(`fan-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
      return { uid: user.uid, token: user.token.access_token };
    };

    const order = async (token: string, body: Record<string, unknown> = {}) => {
      const res = await api.post(
        '/orders',
        { planId: 'monthly', currency: 'EUR', provider: 'sandbox', ...body },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const created = CreateOrderResponseSchema.parse(res.body!.data);
      return { ...created, checkoutId: new URL(created.redirectUrl).pathname.split('/').pop()! };
    };

    /** The buyer's click on the hosted page: a form POST, answered with the provider's redirect. */
    const decide = async (checkoutId: string, decision: 'approve' | 'decline' | 'cancel') => {
      const page = await fetch(`${gateway.url}/sandbox-pay/${checkoutId}`);
      const html = await page.text();
      const action = new RegExp(`<form method="post" action="([^"]+/${decision})">`).exec(html)?.[1];
      expect(action, html).toBeDefined();
      const res = await fetch(new URL(action!, gateway.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decision=${decision}`,
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      return res.headers.get('location')!;
    };

    /** Follows the provider's redirect to the gateway's return route; answers where the buyer lands. */
    const land = async (location: string) => {
      const res = await fetch(location, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return res.headers.get('location')!;
    };

    const readOrder = async (token: string, id: string): Promise<Order> => {
      const res = await api.get(`/orders/${id}`, token);
      expect(res.status).toBe(200);
      return OrderSchema.parse(res.body!.data);
    };
    const entitlementsOf = async (token: string): Promise<Entitlement[]> => {
      const res = await api.get('/account/entitlements', token);
      expect(res.status).toBe(200);
      return EntitlementSchema.array().parse(res.body!.data);
    };

    const sandboxWebhook = (
      event: { id?: string; type: string; checkoutId: string; orderId: string; amount: number },
      options: { secret?: string; signedAt?: number } = {},
    ) => {
      const body = Buffer.from(
        JSON.stringify({
          id: event.id ?? `sbxevt_${randomUUID()}`,
          type: event.type,
          created: Math.floor(Date.now() / 1000),
          data: {
            checkoutId: event.checkoutId,
            orderId: event.orderId,
            amount: event.amount,
            currency: 'EUR',
          },
        }),
      );
      const signature = signTimestampedHmac(
        options.secret ?? SANDBOX_SECRET,
        body,
        options.signedAt ?? Math.floor(Date.now() / 1000),
      );
      return fetch(`${gateway.url}/api/payments/sandbox/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
      });
    };

    const eventsOf = (orderId: string) =>
      database.db.query<{ source: string; kind: string; outcome: string }>(
        'SELECT source, kind, outcome FROM payment_events WHERE order_id = $1',
        [orderId],
      );

    it('lists site plans, sport passes and, with a deal code, hidden plans and discounts', async () => {
      const site = PlansResponseSchema.parse((await api.get('/plans?currency=eur')).body!.data);
      expect(site.plans.map((p) => p.id)).toEqual(['monthly', 'yearly']);
      expect(site.plans[0]!.prices).toEqual([{ currency: 'EUR', amount: 999, listAmount: 999 }]);
      expect(site.methods).toEqual([{ id: 'sandbox', name: expect.any(String) }]);
      expect(site.deal).toBeNull();

      const football = PlansResponseSchema.parse((await api.get('/plans?sport=football')).body!.data);
      expect(football.plans.map((p) => [p.id, p.sport])).toEqual([['football-pass', 'football']]);
      expect(football.currencies).toEqual(['EUR', 'GBP', 'USD']);

      const season = PlansResponseSchema.parse((await api.get('/plans?deal=season')).body!.data);
      expect(season.plans.find((p) => p.id === 'season-ticket')).toMatchObject({ hidden: true });
      const kickoff = PlansResponseSchema.parse(
        (await api.get('/plans?deal=KICKOFF&currency=EUR')).body!.data,
      );
      expect(kickoff.plans.find((p) => p.id === 'yearly')!.prices).toEqual([
        { currency: 'EUR', amount: 7999, listAmount: 9999 },
      ]);
      const unknown = await api.get('/plans?deal=NOPE-123');
      expect([unknown.status, unknown.body!.error!.code]).toEqual([404, 'deal:not-found']);

      // A hidden plan cannot be bought without its deal.
      const { token } = await signUp();
      const hidden = await api.post(
        '/orders',
        { planId: 'season-ticket', currency: 'EUR', provider: 'sandbox' },
        token,
      );
      expect([hidden.status, hidden.body!.error!.code]).toEqual([404, 'plan:not-found']);
      expect(
        (await api.post('/orders', { planId: 'monthly', currency: 'EUR', provider: 'paypal' }, token)).body!
          .error!.code,
      ).toBe('payment:method-unavailable');
    });

    it('buys a plan with the sandbox and plays the premium stream through signed URLs', async () => {
      const buyer = await signUp();
      const other = await signUp();

      // Before paying: the paywall.
      const before = MatchStreamsSchema.parse(
        (await api.get(`/matches/${liveMatchId}/streams`, buyer.token)).body!.data,
      );
      expect(before.entitled).toBe(false);
      expect(before.sources.find((s) => s.access === 'premium')!.url).toBeNull();
      const refused = await api.get(`/matches/${liveMatchId}/streams/main`, buyer.token);
      expect([refused.status, refused.body!.error!.code]).toEqual([403, 'stream:not-entitled']);

      const { order: created, redirectUrl, checkoutId } = await order(buyer.token);
      expect(created.state).toBe('created');
      expect(redirectUrl).toBe(`${gateway.url}/sandbox-pay/${checkoutId}`);
      const back = await decide(checkoutId, 'approve');
      expect(back).toMatch(`${gateway.url}/api/payments/sandbox/return?order=${created.id}`);
      expect(await land(back)).toBe(`/en/payment/success?order=${created.id}`);

      expect(await readOrder(buyer.token, created.id)).toMatchObject({ state: 'captured', amount: 999 });
      const [entitlement, ...more] = await entitlementsOf(buyer.token);
      expect(more).toEqual([]);
      expect(entitlement).toMatchObject({
        orderId: created.id,
        planId: 'monthly',
        sport: null,
        active: true,
      });
      expect((await api.get<Order[]>('/account/orders', buyer.token)).body!.data!.map((o) => o.id)).toEqual([
        created.id,
      ]);
      // Nobody else sees the order.
      const foreign = await api.get(`/orders/${created.id}`, other.token);
      expect([foreign.status, foreign.body!.error!.code]).toEqual([404, 'order:not-found']);

      const streams = MatchStreamsSchema.parse(
        (await api.get(`/matches/${liveMatchId}/streams`, buyer.token)).body!.data,
      );
      expect(streams.entitled).toBe(true);
      const premium = streams.sources.find((s) => s.access === 'premium')!;
      expect(premium.url).toMatch(/^\/streams\/premium\/\d+\/main\/index\.m3u8\?token=v1\./);
      const playlistUrl = new URL(premium.url!, gateway.url);
      const playlist = await fetch(playlistUrl);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toMatch(/mpegurl/);
      const text = await playlist.text();
      expect(text).toMatch(/#EXT-X-MAP:URI="init\.mp4\?token=v1\./);
      const segmentUri = text.split('\n').find((line) => line.startsWith('segment-'))!;
      expect(segmentUri).toMatch(/^segment-\d+\.m4s\?token=v1\./);
      const segment = await fetch(new URL(segmentUri, playlistUrl));
      expect(segment.status).toBe(200);
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

      // The free feed needs no token; a visitor gets no premium URL.
      const free = streams.sources.find((s) => s.access === 'free')!;
      expect((await fetch(new URL(free.url!, gateway.url))).status).toBe(200);
      const anonymous = MatchStreamsSchema.parse(
        (await api.get(`/matches/${liveMatchId}/streams`)).body!.data,
      );
      expect(anonymous.sources.find((s) => s.access === 'premium')!.url).toBeNull();

      const codeOf = async (url: URL | string) => {
        const res = await fetch(url);
        return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
      };
      const token = playlistUrl.searchParams.get('token')!;
      // Another user's id put into the token, another match's path, a tampered signature: refused.
      const parts = token.split('.');
      parts[2] = Buffer.from(other.uid).toString('base64url');
      expect(await codeOf(`${gateway.url}${playlistUrl.pathname}?token=${parts.join('.')}`)).toEqual([
        403,
        'stream:token-invalid',
      ]);
      expect(await codeOf(`${gateway.url}/streams/premium/999999991/main/index.m3u8?token=${token}`)).toEqual(
        [403, 'stream:token-invalid'],
      );
      // A signature character changed (one in the middle: every bit of it counts).
      const signature = parts[4]!;
      const flipped = token.replace(
        signature,
        `${signature.slice(0, 20)}${signature[20] === 'A' ? 'B' : 'A'}${signature.slice(21)}`,
      );
      expect(await codeOf(`${gateway.url}${playlistUrl.pathname}?token=${flipped}`)).toEqual([
        403,
        'stream:token-invalid',
      ]);
      expect(await codeOf(`${gateway.url}${playlistUrl.pathname}`)).toEqual([403, 'stream:token-invalid']);
      // The premium feed is not served as a free one.
      expect(await codeOf(`${gateway.url}/streams/free/${liveMatchId}/main/index.m3u8`)).toEqual([
        404,
        'stream:not-found',
      ]);

      // The same URL once it has expired: refused, playlist and segment alike.
      clockOffsetMs = (TOKEN_TTL_S + 1) * 1000;
      try {
        expect(await codeOf(playlistUrl)).toEqual([403, 'stream:token-expired']);
        expect(await codeOf(new URL(segmentUri, playlistUrl))).toEqual([403, 'stream:token-expired']);
      } finally {
        clockOffsetMs = 0;
      }
    });

    it('a declined payment lands on the failure page and grants nothing', async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      expect(await land(await decide(checkoutId, 'decline'))).toBe(`/en/payment/failure?order=${created.id}`);
      expect((await readOrder(buyer.token, created.id)).state).toBe('failed');
      expect(await entitlementsOf(buyer.token)).toEqual([]);

      const cancelled = await order(buyer.token, { lang: 'de' });
      expect(await land(await decide(cancelled.checkoutId, 'cancel'))).toBe(
        `/de/payment/failure?order=${cancelled.order.id}`,
      );
      expect((await readOrder(buyer.token, cancelled.order.id)).state).toBe('cancelled');
    });

    it("only the buyer's own cancel link cancels: a stranger who knows the order id cancels nothing", async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      const stranger = (query: string) =>
        land(`${gateway.url}/api/payments/sandbox/return?order=${created.id}&cancelled=1${query}`);
      // The buyer is still on the provider's page: forged cancel links, all at once, change nothing.
      await Promise.all([stranger(''), stranger('&sig='), stranger(`&sig=${'A'.repeat(43)}`)]);
      expect((await readOrder(buyer.token, created.id)).state).toBe('created');
      // The buyer pays after all, and the plan is granted.
      expect(await land(await decide(checkoutId, 'approve'))).toBe(`/en/payment/success?order=${created.id}`);
      expect((await readOrder(buyer.token, created.id)).state).toBe('captured');
    });

    it('the same webhook ten times at once: one paid order, one entitlement; a refund ends it', async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      const event = {
        id: `sbxevt_${randomUUID()}`,
        type: 'checkout.captured',
        checkoutId,
        orderId: created.id,
        amount: 999,
      };
      const answers = await Promise.all(Array.from({ length: 10 }, () => sandboxWebhook(event)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const outcomes = await Promise.all(
        answers.map(async (a) => ((await a.json()) as { data: { outcome: string } }).data.outcome),
      );
      expect(outcomes.sort()).toEqual([...Array(9).fill('duplicate'), 'moved']);
      expect((await readOrder(buyer.token, created.id)).state).toBe('captured');
      expect(await entitlementsOf(buyer.token)).toHaveLength(1);
      expect(await eventsOf(created.id)).toEqual([{ source: 'webhook', kind: 'captured', outcome: 'moved' }]);

      // A renewal queues behind the running period; refunding the first pulls the renewal forward.
      const renewal = await order(buyer.token);
      expect(
        (
          await sandboxWebhook({
            type: 'checkout.captured',
            checkoutId: renewal.checkoutId,
            orderId: renewal.order.id,
            amount: 999,
          })
        ).status,
      ).toBe(200);
      const [second, first] = await entitlementsOf(buyer.token);
      expect(second!.orderId).toBe(renewal.order.id);
      expect(second!.startsAt).toBe(first!.endsAt);
      expect(
        (await sandboxWebhook({ type: 'checkout.refunded', checkoutId, orderId: created.id, amount: 999 }))
          .status,
      ).toBe(200);
      expect((await readOrder(buyer.token, created.id)).state).toBe('refunded');
      const after = await entitlementsOf(buyer.token);
      expect(after.find((e) => e.orderId === created.id)).toMatchObject({
        active: false,
        revokedAt: expect.any(String),
      });
      expect(after.find((e) => e.orderId === renewal.order.id)).toMatchObject({ active: true });

      // A captured event for another amount is authentic but not this order's payment: nothing granted.
      const cheap = await order(buyer.token);
      await sandboxWebhook({
        type: 'checkout.captured',
        checkoutId: cheap.checkoutId,
        orderId: cheap.order.id,
        amount: 1,
      });
      expect((await readOrder(buyer.token, cheap.order.id)).state).toBe('created');
      // An event type we do not act on: 200, so the provider stops sending it.
      const unknown = await sandboxWebhook({
        type: 'checkout.disputed',
        checkoutId,
        orderId: created.id,
        amount: 999,
      });
      expect(unknown.status).toBe(200);
    });

    it('a forged or stale signature is refused and changes nothing', async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      const event = { type: 'checkout.captured', checkoutId, orderId: created.id, amount: 999 };
      const forged = await sandboxWebhook(event, { secret: 'not-the-sandbox-secret-0123456789abcdef' });
      expect([forged.status, ((await forged.json()) as { error: { code: string } }).error.code]).toEqual([
        400,
        'payment:signature-invalid',
      ]);
      const stale = await sandboxWebhook(event, { signedAt: Math.floor(Date.now() / 1000) - 3600 });
      expect([stale.status, ((await stale.json()) as { error: { code: string } }).error.code]).toEqual([
        400,
        'payment:signature-expired',
      ]);
      const unsigned = await fetch(`${gateway.url}/api/payments/sandbox/webhook`, {
        method: 'POST',
        body: '{}',
      });
      expect(unsigned.status).toBe(400);
      expect((await readOrder(buyer.token, created.id)).state).toBe('created');
      expect(await eventsOf(created.id)).toEqual([]);
      expect(await entitlementsOf(buyer.token)).toEqual([]);
    });

    it('two concurrent captures capture once', async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      const back = await decide(checkoutId, 'approve');
      const landed = await Promise.all([land(back), land(back)]);
      expect(landed).toEqual(Array(2).fill(`/en/payment/success?order=${created.id}`));
      expect(await entitlementsOf(buyer.token)).toHaveLength(1);
      const events = await eventsOf(created.id);
      // The sandbox announced one capture; of every claim of "captured" exactly one moved the order.
      expect(events.filter((e) => e.source === 'webhook' && e.kind === 'captured')).toHaveLength(1);
      expect(events.filter((e) => e.kind === 'captured' && e.outcome === 'moved')).toHaveLength(1);
    });

    it('a lost webhook is repaired by the reconciliation job', async () => {
      const buyer = await signUp();
      const { order: created, checkoutId } = await order(buyer.token);
      loseWebhooks = true;
      try {
        await decide(checkoutId, 'approve'); // The buyer closes the tab: no return, and the webhook is lost.
        expect((await readOrder(buyer.token, created.id)).state).toBe('created');
        await expect
          .poll(async () => (await readOrder(buyer.token, created.id)).state, {
            timeout: 15_000,
            interval: 200,
          })
          .toBe('captured');
      } finally {
        loseWebhooks = false;
      }
      expect(await entitlementsOf(buyer.token)).toHaveLength(1);
      expect((await eventsOf(created.id)).map((e) => e.source).sort()).toEqual(['capture', 'reconcile']);
    });

    it('plan and deal administration needs the admin scope and is audited', async () => {
      const fan = await signUp();
      const plan = {
        id: `test-pass-${kind}`,
        kind: 'sport',
        sport: 'football',
        name: 'Derby day',
        period: { unit: 'day', count: 1 },
        prices: [{ currency: 'eur', amount: 199 }],
      };
      expect((await api.post('/admin/plans', plan)).status).toBe(401);
      const forbidden = await api.post('/admin/plans', plan, fan.token);
      expect([forbidden.status, forbidden.body!.error!.code]).toEqual([403, 'auth:forbidden']);

      const admin = await signUp();
      await database.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [admin.uid]);
      const created = await api.post('/admin/plans', plan, admin.token);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await api.post('/admin/plans', plan, admin.token)).body!.error!.code).toBe('plan:exists');
      const listed = PlansResponseSchema.parse(
        (await api.get('/plans?sport=football&currency=EUR')).body!.data,
      );
      expect(listed.plans.find((p) => p.id === plan.id)!.prices).toEqual([
        { currency: 'EUR', amount: 199, listAmount: 199 },
      ]);
      const patched = await api.call('PATCH', `/admin/plans/${plan.id}`, {
        body: { prices: [{ currency: 'EUR', amount: 249 }], hidden: true },
        token: admin.token,
      });
      expect(patched.body!.data).toMatchObject({ hidden: true, prices: [{ currency: 'EUR', amount: 249 }] });
      const deal = await api.post(
        '/admin/deals',
        { code: `derby-${kind}`, name: 'Derby', planIds: [plan.id], percentOff: 50 },
        admin.token,
      );
      expect(deal.status, JSON.stringify(deal.body)).toBe(201);
      const viaDeal = PlansResponseSchema.parse(
        (await api.get(`/plans?sport=football&deal=derby-${kind}`)).body!.data,
      );
      expect(viaDeal.plans.find((p) => p.id === plan.id)!.prices).toEqual([
        { currency: 'EUR', amount: 125, listAmount: 249 },
      ]);
      expect(
        (await api.call('DELETE', `/admin/plans/${plan.id}`, { token: admin.token })).body!.data,
      ).toMatchObject({
        retiredAt: expect.any(String),
      });
      expect((await api.get(`/plans?sport=football&deal=derby-${kind}`)).body!.data).toMatchObject({
        plans: [{ id: 'football-pass' }],
      });
      const audit = await database.db.query<{ event: string }>(
        `SELECT event FROM audit_log WHERE user_id = $1 AND (event LIKE 'plan.%' OR event LIKE 'deal.%') ORDER BY id`,
        [admin.uid],
      );
      expect(audit.map((r) => r.event)).toEqual([
        'plan.created',
        'plan.updated',
        'deal.created',
        'plan.retired',
      ]);
      // The accounts' admin routes are untouched by the catalogue's.
      expect((await api.get('/admin/users', admin.token)).status).toBe(200);
    });
  },
);
