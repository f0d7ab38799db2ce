import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import { MATCH_STREAM_MAXLEN } from '@pitchside/shared/constants';
import { isLive, type MatchDelta, type MatchDetail } from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { MatchUpdate } from '../providers/provider.ts';
import { diffMatch } from './match-diff.ts';

const APPLY_SCRIPT = readFileSync(new URL('./apply-match-change.lua', import.meta.url), 'utf8');

/** How often a write may lose the race to a concurrent writer before we give up on this payload. */
const MAX_CONFLICT_RETRIES = 5;

export interface StoredMatch {
  detail: MatchDetail;
  epoch: string;
  seq: number;
}

export type IngestResult =
  | { outcome: 'unchanged'; seq: number }
  | {
      outcome: 'written';
      delta: Pick<MatchDelta, 'epoch' | 'seq' | 'changes'>;
      /** The stored match was live before this write (so a caller can tell that this write ended it). */
      wasLive: boolean;
    };

/** A new epoch: short, random, never reused, so a client can tell a restarted history from its own. */
export const newEpoch = (): string => randomBytes(6).toString('base64url');

/** The script, registered once per connection with defineCommand (ioredis then uses EVALSHA). */
type WithApplyScript = Redis & {
  applyMatchChange(...args: (string | number)[]): Promise<[string, string?, string?]>;
};

/**
 * The match side of ingest's Redis: reads the stored snapshot and writes changes atomically.
 * Ingesting the same update twice writes nothing the second time; two writers racing on one match
 * cannot both win (the script checks the base seq and epoch), so the loser re-diffs.
 */
export class MatchStore {
  private readonly redis: WithApplyScript;

  constructor(
    redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    if (!('applyMatchChange' in redis))
      redis.defineCommand('applyMatchChange', { numberOfKeys: 9, lua: APPLY_SCRIPT });
    this.redis = redis as WithApplyScript;
  }

  async read(matchId: string): Promise<StoredMatch | null> {
    const [epoch, seq, detail] = await this.redis.hmget(this.keys.match(matchId), 'epoch', 'seq', 'detail');
    if (!epoch || !seq || !detail) return null;
    return { epoch, seq: Number(seq), detail: JSON.parse(detail) as MatchDetail };
  }

  async ingest(update: MatchUpdate, now = Date.now()): Promise<IngestResult> {
    for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt++) {
      const stored = await this.read(update.match.id);
      const { changes, next } = diffMatch(stored?.detail ?? null, update);
      if (changes.length === 0) return { outcome: 'unchanged', seq: stored?.seq ?? 0 };

      const m = next.match;
      const k = this.keys;
      const [status, seq, epoch] = await this.redis.applyMatchChange(
        k.match(m.id),
        k.matchStream(m.id),
        k.matchChannel(m.id),
        k.scoreboardChannel(),
        k.matchesByKickoff(),
        k.liveMatches(),
        k.competitionMatches(m.competition.id),
        k.teamMatches(m.home.id),
        k.teamMatches(m.away.id),
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
      );
      if (status === 'ok') {
        const wasLive = stored !== null && isLive(stored.detail.match.status);
        return { outcome: 'written', delta: { epoch: epoch!, seq: Number(seq), changes }, wasLive };
      }
    }
    throw new Error(`match ${update.match.id}: lost ${MAX_CONFLICT_RETRIES + 1} write races in a row`);
  }
}
