import { Rng } from '../prng.ts';

/**
 * One basketball game's story, drawn up front: the points each side scores in every game minute of four
 * quarters, and of as many five-minute overtimes as it takes to break a tie. Pure function of (seed, game
 * id, teams, quarter length): a game drawn again tells the same story.
 *
 * Game time runs slower than the wall clock, as it does in a hall (timeouts, free throws, the clock stopped
 * on every whistle): a game minute takes MS_PER_GAME_MINUTE of simulated time. Quarters are separated by
 * two-minute breaks, with fifteen minutes at half time, so a game of twelve-minute quarters lasts about
 * two hours twenty and one of ten-minute quarters two hours.
 */

export const MS_PER_GAME_MINUTE = 150_000;
export const OVERTIME_MINUTES = 5;
const BREAK_MS = 2 * 60_000;
const HALF_TIME_MS = 15 * 60_000;
/** After this many overtimes a tie is settled in the last minute: scripts have to end. */
const MAX_OVERTIMES = 4;

/** Period index: 0..3 are the quarters, 4 and on the overtimes. */
export interface PeriodScript {
  index: number;
  minutes: number;
  /** Simulated ms after tip-off. */
  startMs: number;
  endMs: number;
  /** Points per game minute, by side. */
  points: { home: number[]; away: number[] };
}

export interface GameScript {
  periods: PeriodScript[];
  /** When the final buzzer goes (ms after tip-off). */
  endMs: number;
}

export interface GameScriptSpec {
  seed: number;
  gameId: number;
  homeId: number;
  awayId: number;
  quarterMinutes: number;
}

/** Average points per game minute: about 112 a game of 48 minutes, 82 of 40. */
const POINTS_PER_MINUTE: Record<number, number> = { 12: 2.33, 10: 2.05 };
/** A scoring play is worth 2 most of the time, 3 often, 1 (a lone free throw) now and then. */
const PLAY_VALUES = [
  { value: 2, weight: 0.6 },
  { value: 3, weight: 0.3 },
  { value: 1, weight: 0.1 },
] as const;
const MEAN_PLAY_VALUE = PLAY_VALUES.reduce((sum, p) => sum + p.value * p.weight, 0);

export function generateGameScript(spec: GameScriptSpec): GameScript {
  const rng = Rng.for(spec.seed, 'basketball-game', spec.gameId);
  const strength = (teamId: number) => Rng.for(spec.seed, 'basketball-strength', teamId).between(0.93, 1.07);
  const perMinute = POINTS_PER_MINUTE[spec.quarterMinutes] ?? 2.2;
  // Home court is worth about three points a game.
  const means = {
    home: (perMinute * 1.03 * strength(spec.homeId)) / strength(spec.awayId) / MEAN_PLAY_VALUE,
    away: (perMinute * 0.97 * strength(spec.awayId)) / strength(spec.homeId) / MEAN_PLAY_VALUE,
  };
  const minuteOf = (mean: number) => {
    let points = 0;
    for (let plays = rng.poisson(mean); plays > 0; plays--)
      points += rng.weighted(PLAY_VALUES, (p) => p.weight).value;
    return points;
  };

  const periods: PeriodScript[] = [];
  let startMs = 0;
  const total = { home: 0, away: 0 };
  for (let index = 0; index < 4 + MAX_OVERTIMES; index++) {
    if (index >= 4 && total.home !== total.away) break;
    const minutes = index < 4 ? spec.quarterMinutes : OVERTIME_MINUTES;
    const points = {
      home: Array.from({ length: minutes }, () => minuteOf(means.home)),
      away: Array.from({ length: minutes }, () => minuteOf(means.away)),
    };
    total.home += sum(points.home);
    total.away += sum(points.away);
    const endMs = startMs + minutes * MS_PER_GAME_MINUTE;
    periods.push({ index, minutes, startMs, endMs, points });
    startMs = endMs + (index === 1 ? HALF_TIME_MS : BREAK_MS);
  }
  const last = periods.at(-1)!;
  if (total.home === total.away) last.points.home[last.minutes - 1]! += 1;
  return { periods, endMs: last.endMs };
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
