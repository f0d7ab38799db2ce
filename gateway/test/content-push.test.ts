import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentChanged } from '@pitchside/shared/content';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '@pitchside/shared/constants';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { buildMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase } from '@pitchside/test-support/database';
import {
  connectClient,
  connected,
  startGateway,
  type ClientSocket,
  type TestGateway,
} from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

/**
 * The live push of operators' changes (issue 6): two real gateways on one Redis and one database, as in
 * production behind the balancer. A page following `hot-matches` on either gateway hears `content:changed`
 * after an operator pins a match on one of them, and the hot read lists the pin first.
 */

const PASSWORD = 'correct-horse-1';

/** Resolves with the next `content:changed` of `topic` on the socket, or fails after `ms`. */
const nextChange = (socket: ClientSocket, topic: string, ms = 5000) =>
  new Promise<ContentChanged>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no content:changed for ${topic} within ${ms} ms`)), ms);
    const onChange = (change: ContentChanged) => {
      if (change.topic !== topic) return;
      clearTimeout(timer);
      socket.off('content:changed', onChange);
      resolve(change);
    };
    socket.on('content:changed', onChange);
  });

describe('content:changed across gateways', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let a: TestGateway;
  let b: TestGateway;
  let api: ApiClient;
  let token = '';
  const sockets: ClientSocket[] = [];

  const follow = async (gateway: TestGateway, topic: string) => {
    const socket = connectClient(gateway.url);
    sockets.push(socket);
    await connected(socket);
    const answer = await socket.emitWithAck('content:subscribe', { topic });
    expect(answer).toEqual({
      data: { topic, changedAt: expect.toBeOneOf([null, expect.any(String)]), now: expect.any(String) },
    });
    return socket;
  };

  beforeAll(async () => {
    [t, database] = await Promise.all([testRedis(), testDatabase('postgres')]);
    const store = new MatchStore(t.redis, t.keys);
    const now = Date.now();
    // Two live matches (hot), and one that finished three days ago: never hot by itself.
    await store.ingest({
      match: buildMatch({
        id: '7001',
        status: 'first_half',
        kickoff: new Date(now - 1_800_000).toISOString(),
      }),
    });
    await store.ingest({
      match: buildMatch({
        id: '7002',
        status: 'second_half',
        kickoff: new Date(now - 3_600_000).toISOString(),
      }),
    });
    await store.ingest({
      match: buildMatch({
        id: '7003',
        status: 'finished',
        kickoff: new Date(now - 3 * 86_400_000).toISOString(),
      }),
    });
    [a, b] = await Promise.all([startGateway(t, { db: database.db }), startGateway(t, { db: database.db })]);
    // Both gateways hear the content channel before anything changes.
    const listeners = async () =>
      ((await t.redis.pubsub('NUMSUB', t.keys.contentChannel())) as [string, number])[1];
    while ((await listeners()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    api = apiClient(a.url);
    const user = await api.register(`ops-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
    await database.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [user.uid]);
    token = user.token.access_token;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a.close();
    await b.close();
    await database.cleanup();
    await t.cleanup();
  });

  const hotIds = async (gateway: TestGateway) => {
    const res = await fetch(`${gateway.url}/api/matches/hot`);
    return ((await res.json()) as { data: ScoreboardEntry[] }).data.map((e) => e.match.id);
  };

  it('a pin reaches pages on both gateways, and the hot read lists the pins first, in order', async () => {
    expect(await hotIds(a)).not.toContain('7003');
    const [onA, onB] = await Promise.all([follow(a, 'hot-matches'), follow(b, 'hot-matches')]);
    const elsewhere = await follow(b, 'movies');
    let unrelated = 0;
    elsewhere.on('content:changed', () => (unrelated += 1));

    const heard = Promise.all([nextChange(onA, 'hot-matches'), nextChange(onB, 'hot-matches')]);
    const put = await api.call('PUT', '/admin/hot-pins', { body: { matchIds: ['7003', '7002'] }, token });
    expect(put.body!.data).toEqual({ matchIds: ['7003', '7002'] });
    const [fromA, fromB] = await heard;
    expect(fromA).toEqual({ topic: 'hot-matches', at: expect.any(String) });
    expect(fromB.at).toBe(fromA.at);
    // A page subscribing afterwards, on either gateway, learns when the topic last changed: if its data was
    // rendered before that, it reads again (web/src/lib/content-topics/content-topics.ts).
    for (const gateway of [a, b]) {
      const late = connectClient(gateway.url);
      sockets.push(late);
      await connected(late);
      expect(await late.emitWithAck('content:subscribe', { topic: 'hot-matches' })).toEqual({
        data: { topic: 'hot-matches', changedAt: fromA.at, now: expect.any(String) },
      });
    }

    for (const gateway of [a, b])
      expect((await hotIds(gateway)).slice(0, 3)).toEqual(['7003', '7002', '7001']);
    expect(await hotIds(a)).toHaveLength(3);
    expect(unrelated).toBe(0);
    const [audited] = await database.db.query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE event = 'hot-pins.updated' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited!.detail).toEqual({ matchIds: ['7003', '7002'] });

    // Unpinning is announced too, and the ranking is the heat's again.
    const again = nextChange(onB, 'hot-matches');
    await api.call('PUT', '/admin/hot-pins', { body: { matchIds: [] }, token });
    await again;
    expect(await hotIds(b)).not.toContain('7003');
  });

  it('after unsubscribing a page hears nothing; plan changes are announced on `plans`', async () => {
    const socket = await follow(a, 'hot-matches');
    expect(await socket.emitWithAck('content:subscribe', { topic: 'plans' })).toMatchObject({
      data: { topic: 'plans' },
    });
    expect(await socket.emitWithAck('content:unsubscribe', { topic: 'hot-matches' })).toEqual({
      data: { topic: 'hot-matches' },
    });
    let hot = 0;
    socket.on('content:changed', (c) => c.topic === 'hot-matches' && (hot += 1));
    const plans = nextChange(socket, 'plans');
    await api.call('PUT', '/admin/hot-pins', { body: { matchIds: ['7001'] }, token });
    const patched = await api.call('PATCH', '/admin/plans/monthly', {
      body: { name: 'Premium, monthly' },
      token,
    });
    expect(patched.status).toBe(200);
    await plans;
    expect(hot).toBe(0);
  });

  it('content:subscribe validates the topic and counts against the subscription limit', async () => {
    const socket = connectClient(a.url);
    sockets.push(socket);
    await connected(socket);
    for (const topic of ['nope', 'guides:english', 'page:x:en<script>', 42]) {
      const answer = await socket.emitWithAck('content:subscribe', { topic } as never);
      expect(answer, String(topic)).toMatchObject({ error: { code: 'request:invalid' } });
    }
    expect(await socket.emitWithAck('content:unsubscribe', { topic: 'movies' })).toMatchObject({
      error: { code: 'subscription:not-subscribed' },
    });
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      const answer = await socket.emitWithAck('content:subscribe', { topic: `match-streams:m${i}` });
      expect(answer).toMatchObject({ data: { topic: `match-streams:m${i}` } });
    }
    // Subscribing again to one held is no new subscription; a new one is over the limit.
    expect(await socket.emitWithAck('content:subscribe', { topic: 'match-streams:m0' })).toHaveProperty(
      'data',
    );
    expect(await socket.emitWithAck('content:subscribe', { topic: 'movies' })).toMatchObject({
      error: { code: 'subscription:limit' },
    });
    expect(await socket.emitWithAck('match:subscribe', { matchId: '7001' })).toMatchObject({
      error: { code: 'subscription:limit' },
    });
  });
});
