/**
 * The World Cup's matches sorted for its page: the knockout bracket's rounds (API-Football's names, which
 * the simulator's openfootball replay uses too) and every round in the order it was played.
 */
import { matchOutcome, type Match } from '@pitchside/shared/domain';

export const KNOCKOUT_ROUNDS = ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'] as const;
export const THIRD_PLACE_ROUND = '3rd Place Final';

/** A goal as the World Cup page lists it under its match. */
export interface WorldCupGoal {
  side: 'home' | 'away';
  minute: number;
  stoppage: number | null;
  player: string;
  kind: 'goal' | 'own_goal' | 'penalty_goal';
}

export interface RoundOfMatches {
  name: string;
  matches: Match[];
}

const byKickoff = (a: Match, b: Match) => a.kickoff.localeCompare(b.kickoff) || a.id.localeCompare(b.id);

/** Rounds in the order their first match kicked off, matches by kickoff within each. */
export function roundsInOrder(matches: readonly Match[]): RoundOfMatches[] {
  const rounds = new Map<string, Match[]>();
  for (const match of [...matches].sort(byKickoff)) {
    const name = match.round ?? '';
    rounds.set(name, [...(rounds.get(name) ?? []), match]);
  }
  return [...rounds].map(([name, list]) => ({ name, matches: list }));
}

/** The bracket's columns (round of 16 to the final) with whatever of them the data holds so far. */
export function bracketRounds(matches: readonly Match[]): RoundOfMatches[] {
  return KNOCKOUT_ROUNDS.map((name) => ({
    name,
    matches: matches.filter((m) => m.round === name).sort(byKickoff),
  })).filter((round) => round.matches.length > 0);
}

/** Who went through: shared's rule (more goals, else the shoot-out, else the provider's word); null while undecided. */
export const winnerOf = (match: Match): 'home' | 'away' | null => matchOutcome(match).winner;
