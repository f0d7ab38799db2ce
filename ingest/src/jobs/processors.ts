import type { Logger } from 'pino';
import { isLive } from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { GameProvider, MatchUpdate } from '../providers/provider.ts';
import type { MatchStore } from '../pipeline/match-store.ts';
import type { ReferenceStore } from '../pipeline/reference-store.ts';
import type { IngestMetrics } from '../metrics.ts';
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
}

export interface JobSummary {
  fetched: number;
  written: number;
}

const DAY_MS = 86_400_000;
/** Lineups come out about an hour before kickoff; poll details from then on. */
const DETAILS_BEFORE_KICKOFF_MS = 75 * 60_000;
/** A match that kicked off this long ago and still is not live is most likely over or off. */
const DETAILS_AFTER_KICKOFF_MS = 3 * 3_600_000;
/** Squads change with transfers: a day old is fresh enough. */
const SQUAD_MAX_AGE_MS = DAY_MS;
/** Squads fetched per run: one request each, so a run never spends much of the provider's budget. */
const SQUADS_PER_POLL = 10;

/** Every poll job: fetch, validate (inside the provider), diff and write. Each one is safe to run twice. */
export function createProcessors(deps: ProcessorDeps): Record<PollJob, () => Promise<JobSummary>> {
  const now = deps.now ?? Date.now;

  const ingestAll = async (updates: readonly MatchUpdate[]): Promise<number> => {
    let written = 0;
    for (const update of updates) {
      // The delta is stamped with wall time, not the provider's clock: `at` measures delivery lag.
      const result = await deps.matches.ingest(update);
      if (result.outcome !== 'written') continue;
      written++;
      deps.metrics.deltas.inc();
      // A list (fixtures by date, the live list) saw the final whistle first: its rows carry no statistics
      // or lineups, and the match has now left the live set, so no other poll would fetch it again.
      if (result.wasLive && !isLive(update.match.status) && update.statistics === undefined) {
        const detail = await deps.provider.matchDetail(update.match.id);
        if (detail) written += await ingestAll([detail]);
      }
    }
    return written;
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

  return {
    async 'poll-live'() {
      const live = await deps.provider.liveMatches();
      let written = await ingestAll(live);
      // A match drops out of the provider's live list when it ends: fetch it once more for the final word.
      const stillListed = new Set(live.map((u) => u.match.id));
      const known = await deps.redis.smembers(deps.keys.liveMatches());
      for (const id of known.filter((id) => !stillListed.has(id))) {
        const detail = await deps.provider.matchDetail(id);
        if (detail) written += await ingestAll([detail]);
      }
      return { fetched: live.length, written };
    },

    async 'poll-details'() {
      const t = now();
      const live = await deps.redis.smembers(deps.keys.liveMatches());
      const soon = await deps.redis.zrangebyscore(
        deps.keys.matchesByKickoff(),
        t - DETAILS_AFTER_KICKOFF_MS,
        t + DETAILS_BEFORE_KICKOFF_MS,
      );
      const ids = [...new Set([...live, ...soon])];
      let written = 0;
      for (const id of ids) {
        const stored = await deps.matches.read(id);
        if (stored && !live.includes(id) && stored.detail.match.status !== 'scheduled') continue;
        const detail = await deps.provider.matchDetail(id);
        if (detail) written += await ingestAll([detail]);
      }
      return { fetched: ids.length, written };
    },

    async 'poll-fixtures'() {
      const t = now();
      let fetched = 0;
      let written = 0;
      for (let d = -deps.fixtureWindowDays; d <= deps.fixtureWindowDays + 1; d++) {
        const date = new Date(t + d * DAY_MS).toISOString().slice(0, 10);
        const updates = await deps.provider.matchesOnDate(date);
        fetched += updates.length;
        written += await ingestAll(updates);
      }
      return { fetched, written };
    },

    async 'poll-standings'() {
      const competitions = await deps.provider.competitions();
      await deps.reference.saveCompetitions(competitions);
      let written = 0;
      for (const c of await followed()) {
        const standings = await deps.provider.standings(c.id, c.season);
        if (standings && (await deps.reference.saveStandings(standings))) written++;
      }
      return { fetched: competitions.length, written };
    },

    async 'poll-teams'() {
      let fetched = 0;
      for (const c of await followed()) {
        const teams = await deps.provider.teams(c.id, c.season);
        fetched += await deps.reference.saveTeams(teams);
      }
      return { fetched, written: fetched };
    },

    async 'poll-squads'() {
      const t = now();
      const stale = await deps.reference.staleSquads(t - SQUAD_MAX_AGE_MS, SQUADS_PER_POLL);
      const updatedAt = new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
      let written = 0;
      for (const teamId of stale) {
        // A team the provider has no squad for gets an empty one, and waits its turn like the others.
        const squad = (await deps.provider.squad(teamId)) ?? { teamId, players: [] };
        if (await deps.reference.saveSquad({ ...squad, updatedAt }, t)) written++;
      }
      return { fetched: stale.length, written };
    },

    async 'poll-news'() {
      if (!deps.rssUrl) return { fetched: 0, written: 0 };
      const items = await fetchMatchFeed(deps.rssUrl, deps.timeoutMs);
      return { fetched: items.length, written: await deps.reference.saveNews(items) };
    },
  };
}
