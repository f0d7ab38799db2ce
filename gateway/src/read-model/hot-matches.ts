import { isLive, sportOf } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { byHeat, heatScore, isHotCandidate } from './heat-score.ts';
import type { MatchReads } from './match-reads.ts';

export interface HotMatchesQuery {
  /** The day's bounds (ms): matches not started yet count when they kick off in it. */
  start: number;
  end: number;
  nowMs: number;
  limit: number;
  /** Only this sport's matches; every sport's without. */
  sport?: string | undefined;
  /** Matches operators pinned (issue 6): first, in this order, whatever their heat or day. */
  pinned?: readonly string[];
}

/**
 * The hot matches of a day: every match in play (whenever it kicked off) and every one of the day not
 * started yet, ranked by heat (heat-score.ts), the hottest `limit`. The entries are those of the live list.
 * Matches operators pinned come first, in their order, counted in `limit`.
 */
export async function hotMatches(matches: MatchReads, query: HotMatchesQuery): Promise<ScoreboardEntry[]> {
  const pinnedIds = query.pinned ?? [];
  const [live, ofTheDay, pinned] = await Promise.all([
    matches.liveIds(),
    matches.idsByKickoff(query.start, query.end),
    matches.entries(pinnedIds),
  ]);
  const pinnedFirst = pinned
    .filter((e) => query.sport === undefined || sportOf(e.match.competition) === query.sport)
    .sort((a, b) => pinnedIds.indexOf(a.match.id) - pinnedIds.indexOf(b.match.id));
  const isPinned = new Set(pinnedFirst.map((e) => e.match.id));
  const entries = (await matches.entries([...new Set([...live, ...ofTheDay])])).filter(
    (e) =>
      isHotCandidate(e.match) && (query.sport === undefined || sportOf(e.match.competition) === query.sport),
  );
  const [popularity, redCards] = await Promise.all([
    matches.competitionPopularity([...new Set(entries.map((e) => e.match.competition.id))]),
    matches.redCards(entries.filter((e) => isLive(e.match.status)).map((e) => e.match.id)),
  ]);
  const ranked = entries
    .filter((entry) => !isPinned.has(entry.match.id))
    .map((entry) => ({
      entry,
      match: entry.match,
      heat: heatScore({
        match: entry.match,
        popularity: popularity.get(entry.match.competition.id) ?? 100,
        redCards: redCards.get(entry.match.id) ?? 0,
        nowMs: query.nowMs,
      }),
    }))
    .sort(byHeat)
    .map((r) => r.entry);
  return [...pinnedFirst, ...ranked].slice(0, query.limit);
}
