import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MATCH_STREAM_MAXLEN } from '@pitchside/shared/constants';
import { isLive, type Match, type MatchDelta, type MatchDetail } from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { MatchUpdate } from '../providers/provider.ts';
import { isCluster, type RedisClient } from '../redis-client.ts';
import { diffMatch } from './match-diff.ts';
import { FIRST_LEG_WITHIN_MS, isFirstLeg, withAggregate } from './two-legged-tie.ts';

const APPLY_SCRIPT = readFileSync(new URL('./apply-match-change.lua', import.meta.url), 'utf8');

/** KEYS[1] a counter, ARGV[1] a number: the counter is at least that number afterwards. */
const RAISE_TO_AT_LEAST = `if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
end`;

/** How often a write may lose the race to a concurrent writer before we give up on this payload. */
const MAX_CONFLICT_RETRIES = 5;
/** How often the Cluster's index step follows a newer write before leaving the indexes to its writer. */
const MAX_INDEX_PASSES = 5;

export interface StoredMatch {
  detail: MatchDetail;
  epoch: string;
  seq: number;
  /** For each part, the ticket of the provider read that last wrote it (`takeReadTicket`), if it had one. */
  tickets: PartTickets;
}

/** The parts of a match a provider read may carry: the header (score, status, clock) always, the rest at times. */
const PARTS = ['match', 'events', 'lineups', 'statistics'] as const;
type Part = (typeof PARTS)[number];
export type PartTickets = Partial<Record<Part, number>>;

const carries = (update: MatchUpdate, part: Part): boolean => update[part] !== undefined;

export type IngestResult =
  | { outcome: 'unchanged'; seq: number }
  /** What was read is older than what is stored: a read with a later ticket already wrote this match. */
  | { outcome: 'stale'; seq: number }
  | {
      outcome: 'written';
      delta: Pick<MatchDelta, 'epoch' | 'seq' | 'changes'>;
      /** The stored match was live before this write (so a caller can tell that this write ended it). */
      wasLive: boolean;
    };

/** A new epoch: short, random, never reused, so a client can tell a restarted history from its own. */
export const newEpoch = (): string => randomBytes(6).toString('base64url');

type ScriptResult = Promise<[string, string?, string?]>;
/**
 * The script, registered once per connection with defineCommand (ioredis then uses EVALSHA): with all
 * nine keys on a standalone Redis, with the match's three (one slot) on a Cluster.
 */
type WithApplyScript = RedisClient & {
  applyMatchChange(...args: (string | number)[]): ScriptResult;
  applyMatchChangeShard(...args: (string | number)[]): ScriptResult;
};

/**
 * The match side of ingest's Redis: reads the stored snapshot and writes changes atomically.
 * Ingesting the same update twice writes nothing the second time; two writers racing on one match
 * cannot both win (the script checks the base seq and epoch), so the loser re-diffs.
 *
 * On a standalone Redis one script does everything, indexes and scoreboard included. On a Redis Cluster a
 * script keeps to one slot: the script still checks the base, writes the hash and the stream and publishes
 * the delta (on the match's shard channel) atomically, then the cross-match indexes (kickoff, live,
 * competition, teams: other slots) are written and the scoreboard entry published. Those writes are
 * idempotent and always describe the stored match, so a crash between the two steps is repaired by the next
 * ingest of the match, which finds it unchanged and writes its indexes again.
 */
export class MatchStore {
  private readonly redis: WithApplyScript;
  private readonly cluster: boolean;

  constructor(
    redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {
    if (!('applyMatchChange' in redis)) {
      redis.defineCommand('applyMatchChange', { numberOfKeys: 9, lua: APPLY_SCRIPT });
      redis.defineCommand('applyMatchChangeShard', { numberOfKeys: 3, lua: APPLY_SCRIPT });
    }
    this.redis = redis as WithApplyScript;
    this.cluster = isCluster(redis);
  }

  async read(matchId: string): Promise<StoredMatch | null> {
    const [epoch, seq, detail, tickets] = await this.redis.hmget(
      this.keys.match(matchId),
      'epoch',
      'seq',
      'detail',
      'tickets',
    );
    if (!epoch || !seq || !detail) return null;
    return {
      epoch,
      seq: Number(seq),
      detail: JSON.parse(detail) as MatchDetail,
      tickets: tickets ? (JSON.parse(tickets) as PartTickets) : {},
    };
  }

  /**
   * A number for a provider read about to go out, higher than any taken before it by any worker: pass it to
   * `ingest` with what the read returned. Taken before the request, so a read that started first is older
   * whenever it answers.
   */
  takeReadTicket(): Promise<number> {
    return this.redis.incr(this.keys.ingestReadTicket());
  }

  /**
   * Writes what changed between the stored match and `received`. `ticket`: the `takeReadTicket` of the read
   * that returned it; a read older than the one that last wrote the match is refused as `stale` (it would
   * put back an older score or drop newer events), whatever order the two answers arrived in.
   */
  async ingest(received: MatchUpdate, now = Date.now(), ticket?: number): Promise<IngestResult> {
    // A second leg carries its tie's aggregate, summed from the stored first leg when the provider gives none.
    const update = {
      ...received,
      match: withAggregate(received.match, await this.firstLegOf(received.match)),
    };
    for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt++) {
      const stored = await this.read(update.match.id);
      // Checked against the snapshot the diff is made from: the script below refuses the write if another
      // one landed since, so the tickets compared here are those of the writes this one follows.
      const fresh = await this.freshParts(update, stored, ticket);
      if (fresh === null) return { outcome: 'stale', seq: stored!.seq };
      const { changes, next } = diffMatch(stored?.detail ?? null, fresh);
      if (changes.length === 0) {
        // Repairs the indexes a crash may have left behind the stored match (Cluster only: elsewhere the
        // script wrote them with the match).
        if (stored && this.cluster) await this.writeIndexes(stored.detail.match, stored.epoch, stored.seq);
        return { outcome: 'unchanged', seq: stored?.seq ?? 0 };
      }

      const m = next.match;
      const k = this.keys;
      const perMatchKeys = [k.match(m.id), k.matchStream(m.id), k.matchChannel(m.id)];
      const globalKeys = [
        k.scoreboardChannel(),
        k.matchesByKickoff(),
        k.liveMatches(),
        k.competitionMatches(m.competition.id),
        k.teamMatches(m.home.id),
        k.teamMatches(m.away.id),
      ];
      const apply = this.cluster
        ? (...args: (string | number)[]) => this.redis.applyMatchChangeShard(...perMatchKeys, ...args)
        : (...args: (string | number)[]) =>
            this.redis.applyMatchChange(...perMatchKeys, ...globalKeys, ...args);
      const [status, seq, epoch] = await apply(
        stored ? String(stored.seq) : '',
        stored?.epoch ?? '',
        newEpoch(),
        JSON.stringify(next),
        JSON.stringify(changes),
        Date.parse(m.kickoff),
        isLive(m.status) ? '1' : '0',
        m.id,
        MATCH_STREAM_MAXLEN,
        now,
        JSON.stringify(m),
        ticket === undefined ? '' : JSON.stringify(ticketsAfter(stored?.tickets ?? {}, fresh, ticket)),
      );
      if (status === 'ok') {
        if (this.cluster) {
          await this.writeIndexes(m, epoch!, Number(seq));
          // Classic pub/sub: every gateway hears it whichever node it listens on (see README, Redis Cluster).
          await this.redis.publish(
            k.scoreboardChannel(),
            JSON.stringify({ match: m, epoch, seq: Number(seq) }),
          );
        }
        const wasLive = stored !== null && isLive(stored.detail.match.status);
        return { outcome: 'written', delta: { epoch: epoch!, seq: Number(seq), changes }, wasLive };
      }
    }
    throw new Error(`match ${update.match.id}: lost ${MAX_CONFLICT_RETRIES + 1} write races in a row`);
  }

  /**
   * What of `update` a read with `ticket` may write: each part it carries that no later read wrote (a read
   * older than the one that wrote the score must not put back an older score; the events it carries may still
   * be newer than the stored ones, written by an earlier details read). The header of a part-stale read is the
   * stored one. Null when every part it carries is older than stored. Reads without a ticket (tests, tools)
   * are never refused.
   */
  private async freshParts(
    update: MatchUpdate,
    stored: StoredMatch | null,
    ticket: number | undefined,
  ): Promise<MatchUpdate | null> {
    if (ticket === undefined || stored === null) return update;
    const older = PARTS.filter((p) => carries(update, p) && ticket < (stored.tickets[p] ?? 0));
    if (older.length === 0) return update;
    if (!(await this.ticketsGoOn(Math.max(...older.map((p) => stored.tickets[p]!))))) return update;
    if (older.length === PARTS.filter((p) => carries(update, p)).length) return null;
    const fresh: MatchUpdate = { ...update };
    for (const part of older) {
      if (part === 'match') fresh.match = stored.detail.match;
      else delete fresh[part];
    }
    return fresh;
  }

  /**
   * Whether the ticket counter has reached `stored` (a read newer than the stored write can come). If a Redis
   * kept the matches but lost the counter, it is raised past `stored` and the read goes through: a counter
   * starting again from 1 would otherwise refuse every read as stale.
   */
  private async ticketsGoOn(stored: number): Promise<boolean> {
    const key = this.keys.ingestReadTicket();
    if (Number((await this.redis.get(key)) ?? 0) >= stored) return true;
    await this.redis.eval(RAISE_TO_AT_LEAST, 1, key, stored);
    return false;
  }

  /**
   * The stored first leg of the tie `match` is the second leg of, if any: among the away side's matches of
   * the weeks before (the first leg was at its ground), the latest that `isFirstLeg` accepts.
   */
  private async firstLegOf(match: Match): Promise<Match | null> {
    if (match.competition.type !== 'cup' || match.round === null || match.score.aggregate) return null;
    const kickoff = Date.parse(match.kickoff);
    const ids = await this.redis.zrevrangebyscore(
      this.keys.teamMatches(match.away.id),
      kickoff - 1,
      kickoff - FIRST_LEG_WITHIN_MS,
    );
    for (const id of ids) {
      const header = await this.redis.hget(this.keys.match(id), 'header');
      const candidate = header ? (JSON.parse(header) as Match) : null;
      if (candidate && isFirstLeg(candidate, match)) return candidate;
    }
    return null;
  }

  /**
   * The Cluster's second step: puts the match in the indexes as `match` (stored at epoch/seq) says, one
   * command per key (they sit in other slots: no MULTI, no pipeline). Two writers of one match may run
   * their second steps in either order, so afterwards the stored match is read again: if a newer write
   * landed meanwhile, its state is written too, until the indexes describe what is stored.
   */
  private async writeIndexes(match: Match, epoch: string, seq: number): Promise<void> {
    const k = this.keys;
    for (let pass = 0; pass < MAX_INDEX_PASSES; pass++) {
      const m = match; // this pass's state (the loop may move `match` on to a newer one)
      const kickoff = Date.parse(m.kickoff);
      await Promise.all([
        this.redis.zadd(k.matchesByKickoff(), kickoff, m.id),
        this.redis.zadd(k.competitionMatches(m.competition.id), kickoff, m.id),
        this.redis.zadd(k.teamMatches(m.home.id), kickoff, m.id),
        this.redis.zadd(k.teamMatches(m.away.id), kickoff, m.id),
        isLive(m.status) ? this.redis.sadd(k.liveMatches(), m.id) : this.redis.srem(k.liveMatches(), m.id),
      ]);
      const [nowEpoch, nowSeq, header] = await this.redis.hmget(k.match(m.id), 'epoch', 'seq', 'header');
      if (!nowEpoch || !nowSeq || !header || (nowEpoch === epoch && Number(nowSeq) === seq)) return;
      match = JSON.parse(header) as Match;
      epoch = nowEpoch;
      seq = Number(nowSeq);
    }
  }
}

/** The parts' tickets after a read with `ticket` wrote `written` (the parts it carried and could write). */
function ticketsAfter(before: PartTickets, written: MatchUpdate, ticket: number): PartTickets {
  const after = { ...before };
  for (const part of PARTS) {
    if (carries(written, part)) after[part] = Math.max(after[part] ?? 0, ticket);
  }
  return after;
}
