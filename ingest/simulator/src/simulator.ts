import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { BasketballSchedule } from './basketball/basketball-schedule.ts';
import { generateMatchDay, type MatchDay } from './match-day.ts';
import { mediaUrls, type MediaUrls } from './media.ts';
import { RequestBudget } from './rate-limit.ts';
import { parseOpenfootballTournament } from './openfootball-file.ts';
import { buildReplayMatchDay } from './replay-openfootball.ts';
import { createRequestListener } from './server.ts';
import { createSimClock, type SimClock } from './sim-clock.ts';

/**
 * The simulated game API: the embedded default upstream `npm start` runs on. It speaks API-Football v3,
 * so the same adapter serves the real API and the simulator. See match-day.ts for what a newcomer sees.
 */

/** The seed `npm start` uses unless told otherwise (SIM_SEED). */
export const DEFAULT_SEED = 20261122;
/** Simulated seconds per real second: one match minute per real second. */
export const DEFAULT_TIME_SCALE = 60;
/** API-Football's Pro plan allows 300 calls a minute and 7,500 a day. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 300;
export const DEFAULT_REQUESTS_PER_DAY = 7500;

export interface SimulatorOptions {
  seed?: number;
  /** Simulated seconds per real second (default 60); 0 freezes the clock for tests. */
  timeScale?: number;
  /** The real instant the simulated day is anchored on: simulated now = startAt at startup (default now). */
  startAt?: Date;
  /** When set, requests without this `x-apisports-key` (or `x-rapidapi-key`) get API-Football's errors. */
  apiKey?: string;
  rateLimitPerMinute?: number;
  requestsPerDay?: number;
  /**
   * An openfootball tournament to replay instead of generating a match day: the file's JSON, or what
   * `readOpenfootballFile` made of it. JSON it cannot read throws a `ReplayFileError` naming the fields.
   */
  replay?: unknown;
  /** Base of the links in answers (logos, feed); default the address the server listens on. */
  publicUrl?: string;
  logger?: Logger;
}

export interface Simulator {
  readonly clock: SimClock;
  /** The generated (or replayed) schedule, scripts included: tests read what is coming from it. */
  readonly schedule: MatchDay;
  /** The basketball games, served in API-Basketball's format under `/basketball`. */
  readonly basketball: BasketballSchedule;
  /** The base URL once listening, else null. */
  readonly url: string | null;
  listen(port?: number, host?: string): Promise<{ url: string }>;
  close(): Promise<void>;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const seed = options.seed ?? DEFAULT_SEED;
  const startAt = options.startAt ?? new Date();
  const logger = (options.logger ?? pino({ level: 'silent' })).child({ module: 'simulator' });
  const clock = createSimClock({ anchor: startAt, timeScale: options.timeScale ?? DEFAULT_TIME_SCALE });
  const schedule =
    options.replay === undefined
      ? generateMatchDay({ seed, startAt })
      : buildReplayMatchDay(parseOpenfootballTournament(options.replay), { seed, startAt, logger });
  const basketball = new BasketballSchedule(seed, startAt);
  const newBudget = () =>
    new RequestBudget(
      options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      options.requestsPerDay ?? DEFAULT_REQUESTS_PER_DAY,
    );
  const budget = newBudget();
  const basketballBudget = newBudget();

  let server: Server | null = null;
  let url: string | null = null;
  let media: MediaUrls = mediaUrls(options.publicUrl ?? 'http://127.0.0.1');
  const listener = createRequestListener({
    schedule,
    basketball,
    clock,
    media: () => media,
    budget,
    basketballBudget,
    apiKey: options.apiKey,
    logger,
  });

  return {
    clock,
    schedule,
    basketball,
    get url() {
      return url;
    },
    listen(port = 0, host = '127.0.0.1') {
      if (server) return Promise.reject(new Error('simulator: already listening'));
      const created = createServer(listener);
      server = created;
      return new Promise((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, host, () => {
          created.off('error', reject);
          const address = created.address() as AddressInfo;
          // 0.0.0.0 and :: are where to listen, not where to link to.
          const linkHost =
            host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
          url = `http://${linkHost}:${address.port}`;
          media = mediaUrls(options.publicUrl ?? url);
          logger.info(
            {
              url,
              seed,
              timeScale: clock.timeScale,
              fixtures: schedule.today.length,
              replay: options.replay !== undefined,
            },
            'simulator listening',
          );
          resolve({ url });
        });
      });
    },
    close() {
      const current = server;
      if (!current) return Promise.resolve();
      server = null;
      url = null;
      return new Promise((resolve, reject) => {
        current.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive connections would hold close() open until they time out.
        current.closeAllConnections();
      });
    },
  };
}
