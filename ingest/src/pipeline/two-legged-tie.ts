import { isFinished, matchOutcome, type Match } from '@pitchside/shared/domain';

/** A second leg follows its first within weeks; a cup's later meeting of the same two sides is another tie. */
export const FIRST_LEG_WITHIN_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * `first` is the first leg of the tie `second` settles: the same cup competition, season and round (a
 * league's return fixture is another round: "Regular Season - 24", not "- 5"), the sides swapped, kicked
 * off before and within `FIRST_LEG_WITHIN_MS`, over with a score.
 */
export function isFirstLeg(first: Match, second: Match): boolean {
  const gap = Date.parse(second.kickoff) - Date.parse(first.kickoff);
  const board = matchOutcome(first).score;
  return (
    second.competition.type === 'cup' &&
    second.round !== null &&
    first.id !== second.id &&
    first.competition.id === second.competition.id &&
    first.competition.season === second.competition.season &&
    first.round === second.round &&
    first.home.id === second.away.id &&
    first.away.id === second.home.id &&
    gap > 0 &&
    gap <= FIRST_LEG_WITHIN_MS &&
    isFinished(first.status) &&
    board.home !== null &&
    board.away !== null
  );
}

/**
 * The second leg with its aggregate, this match's home side first: its board plus the first leg's (whose
 * home side is this match's away side). A provider's own aggregate stands; a match not started, or without
 * a first leg, is returned as it is.
 */
export function withAggregate(second: Match, firstLeg: Match | null): Match {
  if (second.score.aggregate || !firstLeg) return second;
  const now = matchOutcome(second).score;
  const before = matchOutcome(firstLeg).score;
  if (now.home === null || now.away === null || before.home === null || before.away === null) return second;
  const aggregate = { home: now.home + before.away, away: now.away + before.home };
  return { ...second, score: { ...second.score, aggregate } };
}
