import type { Logger } from 'pino';
import {
  headToHeadPair,
  isFinished,
  parseOnDemandMember,
  PROVIDER_HEAD_TO_HEAD_TTL_S,
  PROVIDER_REFRESH_AFTER_S,
  PROVIDER_TEAM_FORM_TTL_S,
  type Match,
  type OnDemandRead,
  type ProviderMatches,
} from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { GameProvider, MatchUpdate } from '../providers/provider.ts';
import { UpstreamError } from '../providers/errors.ts';
import type { MatchStore } from '../pipeline/match-store.ts';
import type { ReferenceStore } from '../pipeline/reference-store.ts';
import type { IngestMetrics } from '../metrics.ts';
import { asOneUnit, type RequestPlanner } from '../planner/request-planner.ts';
import { fetchMatchFeed } from '../rss/fetch-match-feed.ts';
import type { PollJob } from './poll-jobs.ts';
import type { RedisClient } from '../redis-client.ts';

export interface ProcessorDeps {
  provider: GameProvider;
  matches: MatchStore;
  reference: ReferenceStore;
  redis: RedisClient;
  keys: RedisKeys;
  metrics: IngestMetrics;
  logger: Logger;
  rssUrl: string | undefined;
  /** Competition ids to follow; empty means every competition the provider lists. */
  competitions: readonly string[];
  fixtureWindowDays: number;
  timeoutMs: number;
  now?: () => number;
  /** Told whether matches are live and details wanted, so it holds their share of the budget. */
  planner?: RequestPlanner;
  /** The poll schedules: how often a fixture list or a live match's details count as due. */
  intervals?: Partial<Record<PollJob, number>>;
}

/** What one provider read returned, and the ticket taken just before it went out (MatchStore.takeReadTicket). */
interface ProviderRead {
  ticket: number;
  updates: readonly MatchUpdate[];
}

export interface JobSummary {
  fetched: number;
  written: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Lineups come out about an hour before kickoff; fetch details from then on. */
const DETAILS_BEFORE_KICKOFF_MS = 75 * MINUTE_MS;
/** A match that kicked off this long ago and still is not live is most likely over or off. */
const DETAILS_AFTER_KICKOFF_MS = 3 * 3_600_000;
/** A match not yet live has its details (lineups) fetched at most this often. */
const PRELUDE_DETAILS_EVERY_MS = 5 * MINUTE_MS;
/**
 * Matches one details run takes on at most: a backfill of a day's results goes out over several runs, so a
 * run never keeps one of the worker's slots long (the planner usually stops it sooner).
 */
const DETAILS_PER_RUN = 12;
/** The live list is what the planner protects while a match is live or kicks off within this. */
const LIVE_SOON_MS = 5 * MINUTE_MS;
/** …or kicked off this long ago and is not live yet (a late start the live list will show any moment). */
const LIVE_LATE_MS = 15 * MINUTE_MS;
/**
 * Matches that left the live list fetched one by one for their final word; more than this, and the day's list
 * (one call) gives every final score at once.
 */
const ENDED_PER_LIVE_POLL = 2;
/** Today's fixtures are read every poll; other days' lists change rarely (a late result, a moved kickoff). */
const OTHER_DAYS_EVERY = 10;
/** Squads change with transfers: a day old is fresh enough. */
const SQUAD_MAX_AGE_MS = DAY_MS;
/** Squads fetched per run at most: the planner decides how many of them go out. */
const SQUADS_PER_POLL = 10;
/** Provider reads a visitor asked for, taken per run (newest ask first). */
const ON_DEMAND_PER_RUN = 10;
/** Head-to-head meetings kept per pair: the page shows at most 50. */
const MEETINGS_KEPT = 50;
/** Bookkeeping of finished matches is kept this long (a match page a month old is not backfilled). */
const DONE_KEPT_MS = 30 * DAY_MS;

/** Every poll job: fetch, validate (inside the provider), diff and write. Each one is safe to run twice. */
export function createProcessors(
  deps: ProcessorDeps,
): Record<PollJob, () => Promise<JobSummary>> & { backfillDetails(): Promise<number> } {
  const now = deps.now ?? Date.now;
  const log = deps.logger;
  const k = deps.keys;
  const every = (job: PollJob, fallback: number) => deps.intervals?.[job] ?? fallback;

  /**
   * Finished matches whose details were never fetched after the final whistle are wanted, latest first: a
   * match first seen finished (ingest was down across the whistle, a provider listing results late, a date
   * window that moved), or one a list saw end before the live poll did.
   */
  const wantDetails = async (finished: readonly Match[]): Promise<void> => {
    if (finished.length === 0) return;
    const done = await deps.redis.zmscore(k.detailsDone(), ...finished.map((m) => m.id));
    const wanted = finished.filter((_, i) => done[i] === null);
    if (wanted.length === 0) return;
    await deps.redis.zadd(
      k.detailsWanted(),
      'NX',
      ...wanted.flatMap((m) => [-Date.parse(m.kickoff), m.id] as const),
    );
  };

  /** Never fetched again: its details were read after the final whistle, or cannot be read at all. */
  const detailsDone = async (matchId: string): Promise<void> => {
    await deps.redis.zadd(k.detailsDone(), Date.now(), matchId);
    await deps.redis.zrem(k.detailsWanted(), matchId);
  };

  /**
   * Writes what lists and details said. `complete`: the updates are whole matches (`matchDetail`), so a finished
   * one is done; from a list, a finished match without its details is wanted.
   */
  const ingestAll = async ({ ticket, updates }: ProviderRead, complete = false): Promise<number> => {
    let written = 0;
    const stale: Match[] = [];
    for (const update of updates) {
      // The delta is stamped with wall time, not the provider's clock: `at` measures delivery lag.
      const result = await deps.matches.ingest(update, Date.now(), ticket);
      if (result.outcome === 'written') {
        written++;
        deps.metrics.deltas.inc();
      }
      if (result.outcome === 'stale') {
        deps.metrics.staleReads.inc();
        // A finished match's whole answer lost to a newer list: it is not done until its details are written.
        if (complete && isFinished(update.match.status)) stale.push(update.match);
        continue;
      }
      if (complete && isFinished(update.match.status)) await detailsDone(update.match.id);
    }
    if (!complete) await wantDetails(updates.map((u) => u.match).filter((m) => isFinished(m.status)));
    else if (stale.length > 0) await wantDetails(stale);
    return written;
  };

  /** A provider read of matches, with the ticket taken just before it went out (MatchStore.ingest). */
  const readMatches = async (ask: () => Promise<readonly MatchUpdate[]>): Promise<ProviderRead> => {
    const ticket = await deps.matches.takeReadTicket();
    return { ticket, updates: await ask() };
  };

  /** One match's details; a finished one is then done. */
  const fetchDetail = async (matchId: string): Promise<number> => {
    let detail: ProviderRead;
    try {
      detail = await readMatches(async () => {
        const whole = await asOneUnit(() => deps.provider.matchDetail(matchId));
        return whole ? [whole] : [];
      });
    } catch (error) {
      // A payload that will never parse must not block the matches behind it run after run.
      if (error instanceof UpstreamError && !error.retryable) {
        log.warn({ matchId, code: error.code }, 'match details unreadable: given up');
        await deps.redis.zadd(k.detailsFetched(), Date.now(), matchId);
        if (await deps.redis.zscore(k.detailsWanted(), matchId)) await detailsDone(matchId);
      }
      throw error;
    }
    await deps.redis.zadd(k.detailsFetched(), Date.now(), matchId);
    if (detail.updates.length === 0) {
      // The provider does not know it (any more): nothing to wait for.
      await deps.redis.zrem(k.detailsWanted(), matchId);
      return 0;
    }
    return ingestAll(detail, true);
  };

  const followed = async (): Promise<{ id: string; season: number }[]> => {
    let all = await deps.reference.competitions();
    // On a fresh store the teams and standings polls start together: learn the competitions first.
    if (all.length === 0) {
      all = await deps.provider.competitions();
      await deps.reference.saveCompetitions(all);
    }
    const wanted = new Set(deps.competitions);
    return all
      .filter((c) => wanted.size === 0 || wanted.has(c.id))
      .map((c) => ({ id: c.id, season: c.season }));
  };

  /** How long ago (ms) ingest last read each list (`ingestFetched` fields); Infinity for never. */
  const lastRead = async (fields: readonly string[]): Promise<number[]> => {
    if (fields.length === 0) return [];
    const at = await deps.redis.hmget(k.ingestFetched(), ...fields);
    return at.map((a) => (a === null ? Infinity : Date.now() - Number(a)));
  };
  const markRead = (field: string) => deps.redis.hset(k.ingestFetched(), field, Date.now());

  /** Dates of the fixture window, most useful first: today, tomorrow, yesterday, then outwards. */
  const windowDates = (t: number): string[] => {
    const offsets = [0];
    for (let d = 1; d <= deps.fixtureWindowDays + 1; d++) {
      offsets.push(d);
      if (d <= deps.fixtureWindowDays) offsets.push(-d);
    }
    return offsets.map((d) => new Date(t + d * DAY_MS).toISOString().slice(0, 10));
  };

  /** Two teams' stored matches (any status): a meeting football-data's head-to-head can hang off. */
  const storedMeeting = async (teamA: string, teamB: string): Promise<string | undefined> => {
    const [a, b] = await Promise.all([
      deps.redis.zrange(k.teamMatches(teamA), 0, -1),
      deps.redis.zrange(k.teamMatches(teamB), 0, -1),
    ]);
    const ofB = new Set(b);
    return a.filter((id) => ofB.has(id)).at(-1);
  };

  const cacheKey = (read: OnDemandRead): string =>
    read.kind === 'h2h'
      ? k.providerHeadToHead(headToHeadPair(read.teamA, read.teamB))
      : k.providerTeamForm(read.teamId);

  /** Read lately (a second ask raced the first answer): nothing to do. */
  const freshlyRead = async (read: OnDemandRead): Promise<boolean> => {
    const raw = await deps.redis.get(cacheKey(read));
    if (!raw) return false;
    const age = Date.now() - Date.parse((JSON.parse(raw) as ProviderMatches).fetchedAt);
    const refreshAfter = PROVIDER_REFRESH_AFTER_S[read.kind === 'h2h' ? 'headToHead' : 'teamForm'];
    return age < refreshAfter * 1000;
  };

  const readOnDemand = async (read: OnDemandRead): Promise<void> => {
    const fetchedAt = new Date(Date.now()).toISOString();
    const ask = async (): Promise<Match[]> => {
      try {
        if (read.kind === 'form') return await deps.provider.recentMatches(read.teamId);
        const matchId = await storedMeeting(read.teamA, read.teamB);
        const meetings = await deps.provider.headToHead(read.teamA, read.teamB, matchId ? { matchId } : {});
        return meetings.slice(0, MEETINGS_KEPT);
      } catch (error) {
        // The provider does not know the team or match (404): it has nothing, which is an answer too.
        if (error instanceof UpstreamError && error.details.status === 404) return [];
        throw error;
      }
    };
    const value: ProviderMatches = { fetchedAt, matches: await ask() };
    const ttl = read.kind === 'h2h' ? PROVIDER_HEAD_TO_HEAD_TTL_S : PROVIDER_TEAM_FORM_TTL_S;
    await deps.redis.set(cacheKey(read), JSON.stringify(value), 'EX', ttl);
  };

  return {
    /**
     * On start-up: the window's finished matches whose details were never fetched after the final whistle
     * are wanted (Redis only: poll-details fetches them as the budget allows). Safe to run any number of times:
     * done matches are skipped, wanted ones stay where they are. Returns how many are wanted now.
     */
    async backfillDetails() {
      const t = now();
      const from = t - (deps.fixtureWindowDays + 1) * DAY_MS;
      const ids = await deps.redis.zrangebyscore(k.matchesByKickoff(), from, t);
      const headers = await Promise.all(ids.map((id) => deps.redis.hget(k.match(id), 'header')));
      const finished = headers
        .flatMap((h) => (h ? [JSON.parse(h) as Match] : []))
        .filter((m) => isFinished(m.status));
      await wantDetails(finished);
      return deps.redis.zcard(k.detailsWanted());
    },

    async 'poll-live'() {
      const t = now();
      const [liveCount, kickingOff] = await Promise.all([
        deps.redis.scard(k.liveMatches()),
        deps.redis.zcount(k.matchesByKickoff(), t - LIVE_LATE_MS, t + LIVE_SOON_MS),
      ]);
      deps.planner?.setLiveActive(liveCount > 0 || kickingOff > 0);
      // A match drops out of the provider's live list when it ends: its final word is a live score too, so
      // it is read in the same breath as the list (one unit for the planner). A match or two are fetched
      // whole (then done, no details call after them); a round of final whistles is read from the day's list,
      // one call for all of them (their details follow at the details' pace).
      return asOneUnit(async () => {
        const live = await readMatches(() => deps.provider.liveMatches());
        let written = await ingestAll(live);
        const stillListed = new Set(live.updates.map((u) => u.match.id));
        const known = await deps.redis.smembers(k.liveMatches());
        let ended = known.filter((id) => !stillListed.has(id)).sort();
        if (ended.length > ENDED_PER_LIVE_POLL) {
          const headers = await Promise.all(ended.map((id) => deps.redis.hget(k.match(id), 'header')));
          const dates = new Set(
            headers.flatMap((h) => (h ? [(JSON.parse(h) as Match).kickoff.slice(0, 10)] : [])),
          );
          for (const date of dates) {
            written += await ingestAll(await readMatches(() => deps.provider.matchesOnDate(date)));
            await markRead(`fixtures:${date}`);
          }
          const stillLive = new Set(await deps.redis.smembers(k.liveMatches()));
          ended = ended.filter((id) => stillLive.has(id));
        }
        for (const id of ended.slice(0, ENDED_PER_LIVE_POLL)) written += await fetchDetail(id);
        return { fetched: live.updates.length, written };
      });
    },

    /**
     * Details by priority: live matches, stalest first; finished matches not complete yet, latest first
     * (just finished, first seen finished, the start-up backfill); then lineups of matches about to start.
     */
    async 'poll-details'() {
      const t = now();
      const wall = Date.now();
      const detailsEvery = every('poll-details', 10_000);
      const live = await deps.redis.smembers(k.liveMatches());
      const lastFetched = async (ids: readonly string[]) =>
        ids.length === 0 ? [] : deps.redis.zmscore(k.detailsFetched(), ...ids);
      const liveAt = await lastFetched(live);
      const liveDue = live
        .map((id, i) => ({ id, at: liveAt[i] === null ? 0 : Number(liveAt[i]) }))
        .filter((m) => wall - m.at >= detailsEvery * 0.9)
        .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
        .map((m) => m.id);

      // Wanted entries older than the window are dropped: a match that old is nobody's news.
      const oldest = t - (deps.fixtureWindowDays + 2) * DAY_MS;
      await deps.redis.zremrangebyscore(k.detailsWanted(), `(${-oldest}`, '+inf');
      const wanted = await deps.redis.zrange(k.detailsWanted(), 0, DETAILS_PER_RUN - 1);

      const around = await deps.redis.zrangebyscore(
        k.matchesByKickoff(),
        t - DETAILS_AFTER_KICKOFF_MS,
        t + DETAILS_BEFORE_KICKOFF_MS,
      );
      const liveSet = new Set(live);
      const candidates = around.filter((id) => !liveSet.has(id));
      const preludeAt = await lastFetched(candidates);
      const prelude: string[] = [];
      for (const [i, id] of candidates.entries()) {
        if (preludeAt[i] !== null && wall - Number(preludeAt[i]) < PRELUDE_DETAILS_EVERY_MS) continue;
        const stored = await deps.matches.read(id);
        if (!stored || stored.detail.match.status === 'scheduled') prelude.push(id);
      }

      const ids = [...new Set([...liveDue, ...wanted, ...prelude])].slice(0, DETAILS_PER_RUN);
      deps.planner?.setDetailsWanted(ids.length > 0);
      await deps.redis.zremrangebyscore(k.detailsFetched(), '-inf', wall - 2 * DAY_MS);
      await deps.redis.zremrangebyscore(k.detailsDone(), '-inf', wall - DONE_KEPT_MS);
      let written = 0;
      let fetched = 0;
      for (const id of ids) {
        written += await fetchDetail(id);
        fetched++;
      }
      return { fetched, written };
    },

    /** The window's fixture lists, today's every run and the other days' every tenth, today first. */
    async 'poll-fixtures'() {
      const fixturesEvery = every('poll-fixtures', MINUTE_MS);
      const dates = windowDates(now());
      const fields = dates.map((date) => `fixtures:${date}`);
      const ages = await lastRead(fields);
      let fetched = 0;
      let written = 0;
      for (const [i, date] of dates.entries()) {
        if (ages[i]! < (i === 0 ? fixturesEvery : fixturesEvery * OTHER_DAYS_EVERY) * 0.9) continue;
        const day = await readMatches(() => deps.provider.matchesOnDate(date));
        fetched += day.updates.length;
        written += await ingestAll(day);
        await markRead(fields[i]!);
      }
      const old = (await deps.redis.hkeys(k.ingestFetched())).filter(
        (f) => f.startsWith('fixtures:') && !fields.includes(f),
      );
      if (old.length > 0) await deps.redis.hdel(k.ingestFetched(), ...old);
      return { fetched, written };
    },

    /** The competitions' list, then each followed table not read within the schedule (a cut-short run resumes). */
    async 'poll-standings'() {
      const standingsEvery = every('poll-standings', 2 * MINUTE_MS) * 0.9;
      let fetched = 0;
      if ((await lastRead(['competitions']))[0]! >= standingsEvery) {
        const competitions = await deps.provider.competitions();
        await deps.reference.saveCompetitions(competitions);
        await markRead('competitions');
        fetched = competitions.length;
      }
      const all = await followed();
      const ages = await lastRead(all.map((c) => `standings:${c.id}`));
      let written = 0;
      for (const [i, c] of all.entries()) {
        if (ages[i]! < standingsEvery) continue;
        const standings = await deps.provider.standings(c.id, c.season);
        if (standings && (await deps.reference.saveStandings(standings))) written++;
        await markRead(`standings:${c.id}`);
      }
      return { fetched, written };
    },

    async 'poll-teams'() {
      const teamsEvery = every('poll-teams', 60 * MINUTE_MS) * 0.9;
      const all = await followed();
      const ages = await lastRead(all.map((c) => `teams:${c.id}`));
      let fetched = 0;
      for (const [i, c] of all.entries()) {
        if (ages[i]! < teamsEvery) continue;
        const teams = await deps.provider.teams(c.id, c.season);
        fetched += await deps.reference.saveTeams(teams);
        await markRead(`teams:${c.id}`);
      }
      return { fetched, written: fetched };
    },

    async 'poll-squads'() {
      const t = now();
      const stale = await deps.reference.staleSquads(t - SQUAD_MAX_AGE_MS, SQUADS_PER_POLL);
      const updatedAt = new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
      let written = 0;
      let fetched = 0;
      for (const teamId of stale) {
        // A team the provider has no squad for gets an empty one, and waits its turn like the others.
        const squad = (await deps.provider.squad(teamId)) ?? { teamId, players: [] };
        fetched++;
        if (await deps.reference.saveSquad({ ...squad, updatedAt }, t)) written++;
      }
      return { fetched, written };
    },

    /**
     * What visitors asked for and the store cannot answer alone: two teams' meetings from the provider's own
     * head-to-head, a team's latest results. The gateway notes the ask (`onDemandWanted`) and shows what it
     * has meanwhile; read newest ask first, written with an expiry, then the ask is struck off.
     */
    async 'poll-on-demand'() {
      const members = await deps.redis.zrevrange(k.onDemandWanted(), 0, ON_DEMAND_PER_RUN - 1);
      let fetched = 0;
      for (const member of members) {
        const read = parseOnDemandMember(member);
        if (read && !(await freshlyRead(read))) {
          try {
            await asOneUnit(() => readOnDemand(read));
          } catch (error) {
            // An answer that will never parse is not asked for again until a visitor asks again.
            if (error instanceof UpstreamError && !error.retryable) {
              await deps.redis.zrem(k.onDemandWanted(), member);
            }
            throw error;
          }
          fetched++;
        }
        await deps.redis.zrem(k.onDemandWanted(), member);
      }
      return { fetched, written: fetched };
    },

    async 'poll-news'() {
      if (!deps.rssUrl) return { fetched: 0, written: 0 };
      const items = await fetchMatchFeed(deps.rssUrl, deps.timeoutMs);
      return { fetched: items.length, written: await deps.reference.saveNews(items) };
    },
  };
}
