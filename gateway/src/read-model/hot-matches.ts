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
}

/**
 * The hot matches of a day: every match in play (whenever it kicked off) and every one of the day not
 * started yet, ranked by heat (heat-score.ts), the hottest `limit`. The entries are those of the live list.
 */
export async function hotMatches(matches: MatchReads, query: HotMatchesQuery): Promise<ScoreboardEntry[]> {
  const [live, ofTheDay] = await Promise.all([
    matches.liveIds(),
    matches.idsByKickoff(query.start, query.end),
  ]);
  const entries = (await matches.entries([...new Set([...live, ...ofTheDay])])).filter(
    (e) =>
      isHotCandidate(e.match) && (query.sport === undefined || sportOf(e.match.competition) === query.sport),
  );
  const [popularity, redCards] = await Promise.all([
    matches.competitionPopularity([...new Set(entries.map((e) => e.match.competition.id))]),
    matches.redCards(entries.filter((e) => isLive(e.match.status)).map((e) => e.match.id)),
  ]);
  return entries
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
    .slice(0, query.limit)
    .map((ranked) => ranked.entry);
}
