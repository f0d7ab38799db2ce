import { Queue } from 'bullmq';
import { SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMatch } from '@pitchside/shared/testing';
import {
  OPS_NAMESPACE,
  type OpsClientToServerEvents,
  type OpsSample,
  type OpsServerToClientEvents,
} from '@pitchside/shared/protocol';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import {
  connectClient,
  connected,
  startGateway,
  TEST_AUTH_SECRET,
  type ClientSocket,
  type TestGateway,
} from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { BoardSessionTokens } from '../src/ops/board-session.ts';

type OpsSocket = Socket<OpsServerToClientEvents, OpsClientToServerEvents>;

/**
 * The operators' dashboard feed and the queue board (gateway/src/ops), against real Redis, a real database
 * and real socket.io clients: who may connect, what the samples say as queues fill and viewers come (on two
 * gateways sharing Redis), the board's cookie session, and the request id every answer carries.
 */
describe('operators dashboard', () => {
  const PASSWORD = 'pitchside-42';
  let t: TestRedis;
  let gateway: TestGateway;
  let second: TestGateway;
  let api: ApiClient;
  let queue: Queue;
  const open: { disconnect(): unknown }[] = [];
  let serial = 0;

  beforeAll(async () => {
    t = await testRedis();
    await new MatchStore(t.redis, t.keys).ingest({ match: liveMatch(0, 0, 10), events: [] });
    gateway = await startGateway(t, { ops: { intervalMs: 150, recheckMs: 300 } });
    // A second gateway on the same Redis and database: viewers are summed over both.
    second = await startGateway(t, { db: gateway.db, ops: { intervalMs: 150 } });
    api = apiClient(gateway.url);
    queue = new Queue('ingest', { connection: t.connect(), prefix: t.keys.queuePrefix() });
  });
  afterAll(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await queue?.close();
    await second?.close();
    await gateway?.close();
    await t?.cleanup();
  });

  async function user(admin: boolean) {
    const email = `ops-${process.pid}-${Date.now()}-${serial++}@example.org`;
    const login = await api.register(email, PASSWORD);
    if (admin) {
      await gateway.db.query(`UPDATE users SET scope = array_append(scope, 'admin') WHERE email = $1`, [
        email,
      ]);
    }
    return { email, uid: login.uid, token: login.token.access_token };
  }

  function dashboard(url: string, auth: Record<string, unknown> | undefined): OpsSocket {
    const socket: OpsSocket = connect(`${url}${OPS_NAMESPACE}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(auth && { auth }),
    });
    open.push(socket);
    return socket;
  }

  const refusal = (socket: OpsSocket) =>
    new Promise<{ message: string; data?: { code?: string } }>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (error) => resolve(error as never));
    });

  /** Collects the samples a connected dashboard receives. */
  function samples(socket: OpsSocket): OpsSample[] {
    const received: OpsSample[] = [];
    socket.on('ops:sampled', (s) => received.push(s));
    return received;
  }

  it('refuses the namespace without a token, with a forged one, and to a signed-in non-admin', async () => {
    expect((await refusal(dashboard(gateway.url, undefined))).data?.code).toBe('auth:unauthenticated');
    const forged = await new SignJWT({ sid: 's', scope: 'admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuer('pitchside')
      .setAudience('pitchside-web')
      .setJti('j')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await refusal(dashboard(gateway.url, { token: forged }))).data?.code).toBe(
      'auth:unauthenticated',
    );
    const fan = await user(false);
    const refused = await refusal(dashboard(gateway.url, { token: fan.token }));
    expect([refused.message, refused.data?.code]).toEqual(['auth:forbidden', 'auth:forbidden']);
  });

  it('feeds an admin samples whose queue counts, ingest lag and viewers move with the platform', async () => {
    const admin = await user(true);
    const socket = dashboard(gateway.url, { token: admin.token });
    const received = samples(socket);
    await connected(socket as unknown as ClientSocket);
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const first = received.at(-1)!;
    expect(Object.keys(first.queues).sort()).toEqual(['ingest', 'payments-reconcile']);
    const waiting = first.queues.ingest!.waiting;
    const delayed = first.queues.ingest!.delayed;

    // Jobs added to ingest's queue (no worker runs here, so they stay where they are put).
    await queue.add('poll-live', {});
    await queue.add('poll-live', {});
    await queue.add('poll-news', {}, { delay: 60_000 });
    await expect
      .poll(() => received.at(-1)!.queues.ingest)
      .toMatchObject({ waiting: waiting + 2, delayed: delayed + 1 });

    // Ingest's heartbeat: the live poll last succeeded 3 s ago.
    await t.redis.hset(t.keys.ingestHeartbeat(), 'poll-live', Date.now() - 3000);
    await expect.poll(() => received.at(-1)!.ingestLag['poll-live']).toBeGreaterThanOrEqual(3);
    expect(received.at(-1)!.ingestLag['poll-live']).toBeLessThan(10);

    // Viewers of a match: one on this gateway, then one more on the other gateway.
    const hot = () => received.at(-1)!.hotMatches.find((m) => m.matchId === '1001');
    expect(hot()).toBeUndefined();
    const viewer = connectClient(gateway.url);
    open.push(viewer);
    await new MatchFollower(viewer, '1001').subscribe();
    await expect
      .poll(hot)
      .toEqual({ matchId: '1001', label: 'Manchester United – Manchester City', viewers: 1 });
    const elsewhere = connectClient(second.url);
    open.push(elsewhere);
    await new MatchFollower(elsewhere, '1001').subscribe();
    await expect.poll(() => hot()?.viewers).toBe(2);
    expect(received.at(-1)!.sockets).toBeGreaterThanOrEqual(2);

    // Viewers leave: the count follows.
    viewer.disconnect();
    elsewhere.disconnect();
    await expect.poll(hot).toBeUndefined();
    socket.disconnect();
  });

  it('samples only while an admin is connected, and drops one whose admin scope is taken away', async () => {
    const admin = await user(true);
    const socket = dashboard(gateway.url, { token: admin.token });
    const received = samples(socket);
    await connected(socket as unknown as ClientSocket);
    await expect.poll(() => received.length).toBeGreaterThan(1);
    expect(await t.redis.exists(t.keys.opsWatching())).toBe(1);

    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await gateway.db.query(`UPDATE users SET scope = array_remove(scope, 'admin') WHERE id = $1`, [
      admin.uid,
    ]);
    expect(await gone).toBe('io server disconnect');
    // Nobody watches any more: the flag lapses (its TTL), so gateways stop reporting their viewers.
    await expect.poll(() => t.redis.exists(t.keys.opsWatching()), { timeout: 8000 }).toBe(0);
    const refused = await refusal(dashboard(gateway.url, { token: admin.token }));
    expect(refused.data?.code).toBe('auth:forbidden');
  });

  describe('queue board', () => {
    const board = (path = '', init: RequestInit = {}) =>
      fetch(`${gateway.url}/admin/queues${path}`, { redirect: 'manual', ...init });
    const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

    it('answers 401 without a session, and sends a browser to the admin sign-in', async () => {
      const api401 = await board('/api/queues');
      expect(api401.status).toBe(401);
      expect(((await api401.json()) as { error: { code: string } }).error.code).toBe('auth:unauthenticated');
      const page = await board('', { headers: { accept: 'text/html' } });
      expect([page.status, page.headers.get('location')]).toEqual([302, '/en/cms/login']);
    });

    it('gives an admin a short-lived HttpOnly cookie for the board, and nobody else', async () => {
      expect((await api.post('/admin/ops/board-session')).status).toBe(401);
      const fan = await user(false);
      const forbidden = await api.post('/admin/ops/board-session', undefined, fan.token);
      expect([forbidden.status, forbidden.body?.error?.code]).toEqual([403, 'auth:forbidden']);
      expect(forbidden.headers.get('set-cookie')).toBeNull();

      const admin = await user(true);
      const granted = await api.post<{ url: string }>('/admin/ops/board-session', undefined, admin.token);
      expect([granted.status, granted.body?.data?.url]).toEqual([200, '/admin/queues']);
      const setCookie = granted.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^ps_ops_board=[\w-]+\.[\w-]+\.[\w-]+;/);
      expect(setCookie).toContain('Path=/admin/queues');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      expect(setCookie).toMatch(/Max-Age=600/);
      const cookie = setCookie.split(';')[0]!;

      const page = await board('/', { headers: { cookie, accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('id="__UI_CONFIG__"');
      const queues = await board('/api/queues', { headers: { cookie } });
      expect(queues.status).toBe(200);
      const names = ((await queues.json()) as { queues: { name: string }[] }).queues.map((q) => q.name);
      expect(names.sort()).toEqual(['ingest', 'payments-reconcile']);

      // The scope taken away: the cookie stops working at once.
      await gateway.db.query(`UPDATE users SET scope = array_remove(scope, 'admin') WHERE id = $1`, [
        admin.uid,
      ]);
      expect((await board('/api/queues', { headers: { cookie } })).status).toBe(403);
    });

    it("takes the board's state-changing requests only from the site's own pages (CSRF)", async () => {
      const admin = await user(true);
      const cookie = cookieOf((await api.post('/admin/ops/board-session', undefined, admin.token)) as never);
      const pause = (headers: Record<string, string>) =>
        board('/api/queues/payments-reconcile/pause', { method: 'PUT', headers: { cookie, ...headers } });
      const refusals = await Promise.all([
        pause({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }),
        pause({ 'sec-fetch-site': 'same-site' }),
        pause({ origin: 'https://evil.example' }),
        pause({}),
      ]);
      for (const res of refusals) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'request:origin-forbidden',
        );
      }
      const queues = async () =>
        (
          (await (await board('/api/queues', { headers: { cookie } })).json()) as {
            queues: { name: string; isPaused: boolean }[];
          }
        ).queues.find((q) => q.name === 'payments-reconcile')!.isPaused;
      expect(await queues()).toBe(false);

      // The board's own page: the browser says same-origin (or, without Fetch Metadata, sends our Origin).
      expect((await pause({ 'sec-fetch-site': 'same-origin', origin: gateway.url })).status).toBe(200);
      expect(await queues()).toBe(true);
      const resume = await board('/api/queues/payments-reconcile/resume', {
        method: 'PUT',
        headers: { cookie, origin: gateway.url },
      });
      expect(resume.status).toBe(200);
      expect(await queues()).toBe(false);
    });

    it('refuses an expired, a forged or a foreign cookie', async () => {
      const admin = await user(true);
      const claims = { userId: admin.uid, sessionId: '00000000-0000-4000-8000-000000000001' };
      const expired = await new BoardSessionTokens(TEST_AUTH_SECRET, 'pitchside', 1).sign(claims);
      const forged = await new BoardSessionTokens('y'.repeat(48), 'pitchside', 600).sign(claims);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      for (const token of [expired, forged, admin.token, 'not-a-token']) {
        const res = await board('/api/queues', { headers: { cookie: `ps_ops_board=${token}` } });
        expect(res.status, token).toBe(401);
      }
      // The same admin's real cookie works: the refusals were about the cookies.
      const granted = await api.post('/admin/ops/board-session', undefined, admin.token);
      expect((await board('/api/queues', { headers: { cookie: cookieOf(granted as never) } })).status).toBe(
        200,
      );
    });
  });

  it('echoes a valid X-Request-Id and makes one up otherwise', async () => {
    const kept = await fetch(`${gateway.url}/api/health`, { headers: { 'x-request-id': 'edge-1234-abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-1234-abcd');
    const made = await fetch(`${gateway.url}/api/health`, { headers: { 'x-request-id': 'a b' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await fetch(`${gateway.url}/en/does-not-exist`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
