import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { simulatorProvider } from '@pitchside/ingest/providers/create-provider';
import { startIngest, type IngestHandle } from '@pitchside/ingest/ingest-worker';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import type { AuthOptions } from '@pitchside/gateway/auth/auth-options';
import type { Db } from '@pitchside/gateway/db';
import type { PaymentsOptions } from '@pitchside/gateway/payments/mount-payments';
import { readOutbox, testDatabase, type OutboxMail } from './database.ts';
import { startGateway } from './gateway.ts';
import { testRedis } from './redis.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

/** The built website; PITCHSIDE_WEB_DIST points tests at another build (e.g. one made while web/dist is rebuilt). */
export const WEB_DIST =
  process.env.PITCHSIDE_WEB_DIST ??
  path.join(path.dirname(createRequire(import.meta.url).resolve('@pitchside/web/package.json')), 'dist');

export interface StackOptions {
  /** Simulated seconds per real second; 0 (the default here) freezes the match day so tests move it. */
  timeScale?: number;
  seed?: number;
  /** A parsed openfootball tournament for the simulator to replay instead of its generated day (SIM_REPLAY). */
  replay?: unknown;
  /** Poll intervals in ms; tests poll fast so a change shows within a second. */
  livePollMs?: number;
  /** The match news feed ingest reads (MATCH_RSS_URL); the simulator's own feed unless set. */
  rssUrl?: string;
  /** How often ingest reads the news feed; 10 s unless set. */
  newsPollMs?: number;
  /**
   * Accounts options for the gateway: short lifetimes for refresh tests (`accessTokenTtlS: 2`), a password
   * policy, throttle limits, social `providers`/`routers`. The secret defaults to TEST_AUTH_SECRET; mails go to
   * the stack's SMTP server unless `smtpUrl` says otherwise.
   */
  auth?: Partial<AuthOptions>;
  /**
   * Payments options for the gateway (a short `streams.tokenTtlS`, the reconciliation job...). The sandbox
   * provider is on and the streams come from the stack's simulator unless these say otherwise.
   */
  payments?: PaymentsOptions;
}

export interface Stack {
  /** The gateway, serving the website, /api and the socket. */
  url: string;
  simulator: Simulator;
  ingest: IngestHandle;
  redis: Redis;
  keys: RedisKeys;
  /** The accounts' database (a schema of the test's own): seed users, read sessions or the audit log. */
  db: Db;
  /** The accounts options the gateway runs with (its secret included, to forge tokens in a test). */
  auth: AuthOptions;
  /** A real SMTP server the gateway sends its mails to: `await stack.smtp.waitForMail(email)` gives the link. */
  smtp: TestSmtp;
  /** The mail outbox table, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  stopGateway(): Promise<void>;
  /** Starts the gateway again on the same port. */
  startGateway(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The whole platform in one process, as `npm start` runs it but under the test's own Redis prefix:
 * the simulated game API, the real ingest worker (BullMQ, fast polls) and a real gateway serving web/dist.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!existsSync(`${WEB_DIST}/server/entry-server.js`)) {
    throw new Error('web/dist is missing: run `npm run build:web` (npm test does it before the tests).');
  }
  const t = await testRedis();
  const simulator = createSimulator({
    timeScale: options.timeScale ?? 0,
    ...(options.seed ? { seed: options.seed } : {}),
    ...(options.replay !== undefined ? { replay: options.replay } : {}),
    // Tests poll about ten times as often as `npm start` (a live poll every 300 ms, details for every live
    // match every 900 ms), several hundred calls a minute: at API-Football's 300 the budget ran out within
    // seconds and paused every poll until the minute was over, so a goal could take a minute to show.
    rateLimitPerMinute: 6000,
    requestsPerDay: 1_000_000,
  });
  const { url: simulatorUrl } = await simulator.listen(0);
  const live = options.livePollMs ?? 300;
  const ingest = await startIngest(
    {
      redis: t.connect(),
      connection: t.connect({ maxRetriesPerRequest: null }),
      keys: t.keys,
      // Football and basketball, as `npm start` reads the simulator.
      provider: simulatorProvider({
        baseUrl: simulator.url!,
        today: () => simulator.clock.nowMs(),
        timeoutMs: 5000,
        logger: pino({ level: 'silent' }),
      }),
      logger: pino({ level: 'silent' }),
    },
    {
      intervals: {
        'poll-live': live,
        'poll-details': live * 3,
        'poll-fixtures': 5000,
        'poll-standings': 5000,
        'poll-teams': 60_000,
        // Ten squads a run: every team's within seconds, so team pages have theirs.
        'poll-squads': 1000,
        'poll-news': options.newsPollMs ?? 10_000,
      },
      rssUrl: options.rssUrl ?? `${simulatorUrl}/rss/matches.xml`,
      now: () => simulator.clock.nowMs(),
    },
  );

  // Start from a settled world: the first live poll has written every live match, and the first squads
  // (the most prominent league's teams come first) are there.
  const deadline = Date.now() + 20_000;
  while (
    !(await t.redis.hget(t.keys.ingestHeartbeat(), 'poll-live')) ||
    (await t.redis.zcard(t.keys.squadsByFetch())) === 0
  ) {
    if (Date.now() > deadline)
      throw new Error('ingest did not complete a live poll and its first squads within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // One database and one secret for the stack's life: a restarted gateway keeps every session.
  const [database, smtp] = await Promise.all([testDatabase(), startTestSmtp()]);
  const gatewayOptions = {
    webDist: WEB_DIST,
    db: database.db,
    auth: { smtpUrl: smtp.url, ...options.auth },
    payments: { ...options.payments, streams: { apiUrl: simulatorUrl, ...options.payments?.streams } },
  };
  let gateway: Awaited<ReturnType<typeof startGateway>> | null = await startGateway(t, gatewayOptions);
  const gatewayPort = gateway.port;
  return {
    url: gateway.url,
    simulator,
    ingest,
    redis: t.redis,
    keys: t.keys,
    db: database.db,
    auth: gateway.auth,
    smtp,
    outbox: () => readOutbox(database.db),
    async stopGateway() {
      await gateway?.close();
      gateway = null;
    },
    async startGateway() {
      gateway ??= await startGateway(t, { ...gatewayOptions, port: gatewayPort });
    },
    async stop() {
      await gateway?.close();
      await ingest.close();
      // Job schedulers live in Redis under the prefix: flushing the prefix removes them with the rest.
      await simulator.close();
      await Promise.all([database.cleanup(), smtp.close()]);
      await t.cleanup();
    },
  };
}
