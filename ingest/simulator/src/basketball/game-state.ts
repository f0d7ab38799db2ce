import { MS_PER_GAME_MINUTE, sum, type GameScript } from './game-script.ts';

/**
 * What a basketball game looks like at one simulated instant, in API-Basketball's terms: the status code,
 * the minute of the period being played, and each side's points per quarter and in overtime. Points of a
 * game minute show once that minute is played.
 */

export type BasketballStatus = 'NS' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'OT' | 'BT' | 'HT' | 'FT' | 'AOT';

export const BASKETBALL_STATUS_LONG: Readonly<Record<BasketballStatus, string>> = {
  NS: 'Not Started',
  Q1: 'Quarter 1',
  Q2: 'Quarter 2',
  Q3: 'Quarter 3',
  Q4: 'Quarter 4',
  OT: 'Over Time',
  BT: 'Break Time',
  HT: 'Halftime',
  FT: 'Game Finished',
  AOT: 'After Over Time',
};

export const BASKETBALL_IN_PLAY: ReadonlySet<BasketballStatus> = new Set([
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'OT',
  'BT',
  'HT',
]);

export interface SidePoints {
  /** Quarters 1 to 4; null until the quarter starts. */
  quarters: [number | null, number | null, number | null, number | null];
  /** Every overtime together; null unless one has started. */
  overTime: number | null;
  /** Null before tip-off. */
  total: number | null;
}

export interface GameState {
  status: BasketballStatus;
  /** The minute being played in the current period (1-based), null outside play. */
  timer: number | null;
  home: SidePoints;
  away: SidePoints;
}

export interface ScriptedGame {
  tipoffMs: number;
  script: GameScript;
}

const QUARTER_CODES = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

export function gameStateAt(game: ScriptedGame, nowMs: number): GameState {
  const t = nowMs - game.tipoffMs;
  const { periods } = game.script;
  if (t < 0) return { status: 'NS', timer: null, home: empty(), away: empty() };

  const finished = t >= game.script.endMs;
  // The period being played, or the last one started (during a break it is over).
  const current = [...periods].reverse().find((p) => p.startMs <= t) ?? periods[0]!;
  const inPlay = !finished && t < current.endMs;
  const playedMinutes = (index: number) => {
    const p = periods[index]!;
    if (p.startMs > t) return -1;
    return Math.min(p.minutes, Math.floor((t - p.startMs) / MS_PER_GAME_MINUTE));
  };
  const side = (which: 'home' | 'away'): SidePoints => {
    const pointsOf = (index: number): number | null => {
      const played = playedMinutes(index);
      return played < 0 ? null : sum(periods[index]!.points[which].slice(0, played));
    };
    const quarters = [pointsOf(0), pointsOf(1), pointsOf(2), pointsOf(3)] as SidePoints['quarters'];
    const overtimes = periods.slice(4).map((p) => pointsOf(p.index));
    const overTime =
      overtimes[0] === null || overtimes.length === 0 ? null : sum(overtimes.map((p) => p ?? 0));
    const total = sum(quarters.map((q) => q ?? 0)) + (overTime ?? 0);
    return { quarters, overTime, total };
  };

  let status: BasketballStatus;
  if (finished) status = periods.length > 4 ? 'AOT' : 'FT';
  else if (inPlay) status = current.index < 4 ? QUARTER_CODES[current.index]! : 'OT';
  else status = current.index === 1 ? 'HT' : 'BT';
  return {
    status,
    timer: inPlay ? Math.min(current.minutes, playedMinutes(current.index) + 1) : null,
    home: side('home'),
    away: side('away'),
  };
}

function empty(): SidePoints {
  return { quarters: [null, null, null, null], overTime: null, total: null };
}
