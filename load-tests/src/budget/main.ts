import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Match } from '@pitchside/shared/domain';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { readEnv } from '@pitchside/ingest/config/env';
import * as current from '@pitchside/ingest/ingest-worker';
import { FootballDataProvider as CurrentProvider } from '@pitchside/ingest/providers/football-data/football-data-provider';
import { FootballDataDay } from '@pitchside/ingest/testing/football-data-day';
import { startRateLimitedPeer, type PeerRequest } from '@pitchside/ingest/testing/rate-limited-peer';

/**
 * `npm run bench:budget`: issue 16 §4's figures. For each rate limit, ingest (the real worker, BullMQ on real
 * Redis, `npm start`'s poll schedules) polls a local football-data.org v4 peer that enforces the limit with
 * 429s, while six matches play on the peer's clock and score every 20 s or so. Reported: the provider calls
 * of each kind per minute, the calls refused, and how long each goal took to reach Redis (live-score
 * staleness, p50 and p99). With `--base DIR` (a checkout of an earlier commit, e.g. a git worktree whose
 * node_modules links to this one's) that code runs the same scenarios at the same time, side by side.
 */

const USAGE = `npm run bench:budget -- [--rates 10,30,300] [--minutes 4] [--base DIR] [--redis redis://127.0.0.1:6379]`;
const { values: flags } = parseArgs({
  options: {
    rates: { type: 'string', default: '10,30,300' },
    minutes: { type: 'string', default: '4' },
    base: { type: 'string' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const rates = (flags.rates ?? '').split(',').map(Number);
const minutes = Number(flags.minutes);
if (rates.some((r) => !Number.isInteger(r) || r < 1) || !(minutes >= 2)) throw new Error(USAGE);

interface Version {
  label: string;
  startIngest: typeof current.startIngest;
  Provider: typeof CurrentProvider;
}
const versions: Version[] = [{ label: 'new', startIngest: current.startIngest, Provider: CurrentProvider }];
if (flags.base) {
  const at = (path: string) => pathToFileURL(join(resolve(flags.base!), path)).href;
  const worker = (await import(at('ingest/src/ingest-worker.ts'))) as typeof current;
  const provider = (await import(at('ingest/src/providers/football-data/football-data-provider.ts'))) as {
    FootballDataProvider: typeof CurrentProvider;
  };
  versions.unshift({
    label: 'base',
    startIngest: worker.startIngest,
    Provider: provider.FootballDataProvider,
  });
}

const env = readEnv({});
const INTERVALS = {
  'poll-live': env.POLL_LIVE_MS,
  'poll-details': env.POLL_DETAILS_MS,
  'poll-fixtures': env.POLL_FIXTURES_MS,
  'poll-standings': env.POLL_STANDINGS_MS,
  'poll-teams': env.POLL_TEAMS_MS,
  'poll-squads': env.POLL_SQUADS_MS,
  'poll-news': env.POLL_NEWS_MS,
  'poll-on-demand': env.POLL_ON_DEMAND_MS,
};

/** What a call was for, from its path: the same for every version of ingest. */
const KINDS = ['live', 'details', 'fixtures', 'standings', 'teams', 'squads', 'other'] as const;
type Kind = (typeof KINDS)[number];
function kindOf(url: string): Kind {
  if (url.startsWith('/v4/matches?status=LIVE')) return 'live';
  if (/^\/v4\/matches\/\d+$/.test(url)) return 'details';
  if (url.startsWith('/v4/matches?dateFrom')) return 'fixtures';
  if (url === '/v4/competitions' || /\/standings/.test(url)) return 'standings';
  if (/^\/v4\/competitions\/\w+\/teams/.test(url)) return 'teams';
  if (/^\/v4\/teams\/\d+$/.test(url)) return 'squads';
  return 'other';
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Result {
  version: string;
  perMinute: number;
  callsPerMinute: Record<Kind, number>;
  refused: number;
  goals: number;
  missed: number;
  stalenessMs: { p50: number; p99: number; max: number };
  finalWhistleMs: number[];
}

async function scenario(version: Version, perMinute: number, start: number): Promise<Result> {
  const durationMs = minutes * 60_000;
  const prefix = `bench-budget-${randomBytes(4).toString('hex')}-${version.label}-${perMinute}:`;
  const keys = redisKeys(prefix);
  const redis = new Redis(flags.redis!);
  const sub = new Redis(flags.redis!);
  // BullMQ's connection from the whole URL (its database included), as ingest's own factory makes it.
  const connection = new Redis(flags.redis!, { maxRetriesPerRequest: null });
  const day = new FootballDataDay({
    liveFrom: start,
    liveUntil: start + durationMs - 30_000,
    matches: 6,
    goalEveryMs: 20_000,
    extraTeams: 8,
    seed: 16,
  });
  const peer = await startRateLimitedPeer({
    flavour: 'football-data',
    perMinute,
    answer: (url) => day.answer(url),
  });
  const writes: { at: number; id: string; goals: number; finished: boolean }[] = [];
  sub.on('message', (_channel, raw: string) => {
    const { match } = JSON.parse(raw) as { match: Match };
    const goals = (match.score.current.home ?? 0) + (match.score.current.away ?? 0);
    writes.push({ at: Date.now(), id: match.id, goals, finished: match.status === 'finished' });
  });
  await sub.subscribe(keys.scoreboardChannel());
  const ingest = await version.startIngest(
    {
      redis,
      connection,
      keys,
      provider: new version.Provider({ baseUrl: peer.url, timeoutMs: env.GAME_API_TIMEOUT_MS }),
      logger: pino({ level: 'silent' }),
    },
    { intervals: INTERVALS, fixtureWindowDays: env.FIXTURE_WINDOW_DAYS, timeoutMs: env.GAME_API_TIMEOUT_MS },
  );
  await new Promise((r) => setTimeout(r, start + durationMs - Date.now()));
  await ingest.close();
  await peer.close();
  await sub.quit();
  await connection.quit();
  // Leave nothing behind under the prefix.
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (found.length > 0) await redis.unlink(...found);
  } while (cursor !== '0');
  await redis.quit();

  const seen = (matchId: string, after: number, goals: number, finished = false) =>
    writes.find(
      (w) => w.id === matchId && w.at >= after - 50 && w.goals >= goals && (!finished || w.finished),
    );
  const goals = day.changes.filter((c) => !c.finished);
  const staleness = goals
    .map((c) => seen(c.matchId, c.at, c.goals))
    .map((w, i) => (w ? w.at - goals[i]!.at : null));
  const measured = staleness.filter((s): s is number => s !== null).sort((a, b) => a - b);
  const ends = day.changes.filter((c) => c.finished);
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const answered: PeerRequest[] = peer.requests.filter((r) => !r.refused);
  for (const r of answered) counts[kindOf(r.url)]++;
  const perMin = (n: number) => Math.round((n / minutes) * 10) / 10;
  return {
    version: version.label,
    perMinute,
    callsPerMinute: Object.fromEntries(KINDS.map((k) => [k, perMin(counts[k])])) as Record<Kind, number>,
    refused: peer.requests.length - answered.length,
    goals: goals.length,
    // A goal not in Redis by the end (one shown together with a later goal counts as shown then).
    missed: staleness.filter((s) => s === null).length,
    stalenessMs: {
      p50: Math.round(percentile(measured, 50)),
      p99: Math.round(percentile(measured, 99)),
      max: Math.round(measured.at(-1) ?? NaN),
    },
    finalWhistleMs: ends.map((e) => {
      const w = seen(e.matchId, e.at, e.goals, true);
      return w ? Math.round(w.at - e.at) : NaN;
    }),
  };
}

const startedAt = new Date();
const load = loadavg()[0]!;
console.log(
  `bench:budget: ${versions.map((v) => v.label).join(' and ')} side by side at ${rates.join(', ')} calls/min for ${minutes} min…`,
);
const start = Date.now() + 1000;
const results = await Promise.all(versions.flatMap((v) => rates.map((r) => scenario(v, r, start))));
const loadAfter = loadavg()[0]!;

const header = `| version | limit/min | ${KINDS.map((k) => k).join(' | ')} | refused (429) | goals | staleness p50 / p99 / max | final whistle |`;
const rows = results.map((r) =>
  [
    r.version,
    r.perMinute,
    ...KINDS.map((k) => r.callsPerMinute[k]),
    r.refused,
    r.missed > 0 ? `${r.goals} (${r.missed} never shown)` : r.goals,
    `${(r.stalenessMs.p50 / 1000).toFixed(1)} / ${(r.stalenessMs.p99 / 1000).toFixed(1)} / ${(r.stalenessMs.max / 1000).toFixed(1)} s`,
    r.finalWhistleMs.map((ms) => (Number.isNaN(ms) ? 'never' : `${(ms / 1000).toFixed(0)} s`)).join(', '),
  ].join(' | '),
);
const table = [header, `|${' --- |'.repeat(KINDS.length + 7)}`, ...rows.map((row) => `| ${row} |`)].join(
  '\n',
);
console.log(
  `\n${table}\n\n(load average ${load.toFixed(1)} before, ${loadAfter.toFixed(1)} after; calls per minute answered)`,
);

const dir = fileURLToPath(new URL('../../results/', import.meta.url));
mkdirSync(dir, { recursive: true });
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
writeFileSync(
  join(dir, `budget-${stamp}.json`),
  JSON.stringify(
    { startedAt, minutes, rates, base: flags.base ?? null, load: [load, loadAfter], results },
    null,
    2,
  ),
);
writeFileSync(join(dir, `budget-${stamp}.md`), `${table}\n`);
process.exit(0);
