import { LruCache } from '../lru-cache.ts';
import { Rng } from '../prng.ts';
import { BASKETBALL_LEAGUES, type BasketballLeagueDef, type BasketballTeamDef } from './basketball-world.ts';
import { generateGameScript, type GameScript } from './game-script.ts';

/**
 * The basketball schedule: every league plays a round every day, each team once, at the tip-off times of
 * its definition counted from the time of day the simulator started (day 0 is arranged around `startAt`
 * so games are in play at once). A day is a pure function of (seed, day): it is drawn when first asked
 * for and the last few are kept. The season started SEASON_DAYS_BEFORE days before day 0, so teams have a
 * record to show; nothing is played before that.
 */

export interface BasketballLeague extends BasketballLeagueDef {
  /** API-Basketball's season: "2025-2026". */
  season: string;
  seasonStart: string;
  seasonEnd: string;
}

export interface BasketballGame {
  id: number;
  league: BasketballLeague;
  /** Round of the league's fixture list, 1-based. */
  round: number;
  tipoffMs: number;
  home: BasketballTeamDef;
  away: BasketballTeamDef;
  script: GameScript;
}

export interface GameFilter {
  /** Tip-offs in [fromMs, toMs). */
  fromMs?: number;
  toMs?: number;
  leagueId?: number;
  /** Games involving every one of these teams. */
  teamIds?: readonly number[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Game ids: base + (day + DAY_OFFSET) * 100 + league index * 10 + game index. */
const GAME_ID_BASE = 600_000_000;
const DAY_OFFSET = 1000;
const MAX_DAY = 999_000;
export const SEASON_DAYS_BEFORE = 30;
/** How far from today a query without dates looks (head-to-head), in days either side. */
export const H2H_WINDOW_DAYS = { before: SEASON_DAYS_BEFORE, after: 7 } as const;

export class BasketballSchedule {
  readonly leagues: readonly BasketballLeague[];
  readonly teams: readonly BasketballTeamDef[];
  /** Where day 0 is counted from: the minute the simulator started. */
  readonly anchorMs: number;
  private readonly days = new LruCache<number, readonly BasketballGame[]>(12);

  constructor(
    readonly seed: number,
    startAt: Date,
    defs: readonly BasketballLeagueDef[] = BASKETBALL_LEAGUES,
  ) {
    this.anchorMs = Math.floor(startAt.getTime() / MINUTE) * MINUTE;
    const anchor = new Date(this.anchorMs);
    const year = anchor.getUTCMonth() >= 6 ? anchor.getUTCFullYear() : anchor.getUTCFullYear() - 1;
    this.leagues = defs.map((def) => ({
      ...def,
      season: `${year}-${year + 1}`,
      seasonStart: `${year}-10-01`,
      seasonEnd: `${year + 1}-06-15`,
    }));
    this.teams = this.leagues.flatMap((l) => l.teams);
  }

  /** The day an instant falls in: day 0 runs from six hours before the anchor to eighteen after. */
  dayAt(ms: number): number {
    return Math.floor((ms - this.anchorMs + 6 * 60 * MINUTE) / DAY);
  }

  /** The games of one day, by tip-off; none before the season started. */
  gamesOfDay(day: number): readonly BasketballGame[] {
    if (day < -SEASON_DAYS_BEFORE || day > MAX_DAY) return [];
    return this.days.getOrCreate(day, () =>
      this.leagues.flatMap((league, l) => this.leagueDay(league, l, day)).sort(byTipoff),
    );
  }

  /** Games of the days the filter's window covers (today and the day either side without one). */
  games(filter: GameFilter, nowMs: number): BasketballGame[] {
    const today = this.dayAt(nowMs);
    const first = filter.fromMs === undefined ? today - 1 : this.dayAt(filter.fromMs);
    const last = filter.toMs === undefined ? today + 1 : this.dayAt(filter.toMs - 1);
    const result: BasketballGame[] = [];
    for (let day = first; day <= last; day++) {
      for (const game of this.gamesOfDay(day)) if (matches(game, filter)) result.push(game);
    }
    return result;
  }

  game(id: number): BasketballGame | undefined {
    const rest = id - GAME_ID_BASE;
    if (!Number.isInteger(id) || rest < 0) return undefined;
    const day = Math.floor(rest / 100) - DAY_OFFSET;
    return this.gamesOfDay(day).find((g) => g.id === id);
  }

  league(id: number): BasketballLeague | undefined {
    return this.leagues.find((l) => l.id === id);
  }

  team(id: number): BasketballTeamDef | undefined {
    return this.teams.find((t) => t.id === id);
  }

  /** The games of one league on one day: its next round of a single round robin, repeated all season. */
  private leagueDay(league: BasketballLeague, leagueIndex: number, day: number): BasketballGame[] {
    const round = day + SEASON_DAYS_BEFORE + 1;
    const dayStart = this.anchorMs + day * DAY;
    return roundPairs(this.seed, league, round).map(([home, away], i) => {
      const id = GAME_ID_BASE + (day + DAY_OFFSET) * 100 + leagueIndex * 10 + i;
      const offset = league.tipoffs[i % league.tipoffs.length]!;
      return {
        id,
        league,
        round,
        tipoffMs: dayStart + offset * MINUTE,
        home,
        away,
        script: generateGameScript({
          seed: this.seed,
          gameId: id,
          homeId: home.id,
          awayId: away.id,
          quarterMinutes: league.quarterMinutes,
        }),
      };
    });
  }
}

/**
 * The pairs of one round of a single round robin (circle method), home and away swapped each time round,
 * the order of teams reshuffled every cycle, the order of games in a day shuffled too.
 */
function roundPairs(
  seed: number,
  league: BasketballLeague,
  round: number,
): [BasketballTeamDef, BasketballTeamDef][] {
  const n = league.teams.length;
  const perCycle = n - 1;
  const cycle = Math.floor((round - 1) / perCycle);
  const r = (round - 1) % perCycle;
  const order = Rng.for(seed, 'basketball-fixture-list', league.id, cycle).shuffle(league.teams);
  const rotating = order.slice(1);
  for (let k = 0; k < r; k++) rotating.unshift(rotating.pop()!);
  const circle = [order[0]!, ...rotating];
  const pairs: [BasketballTeamDef, BasketballTeamDef][] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = circle[i]!;
    const b = circle[n - 1 - i]!;
    pairs.push((r + i + cycle) % 2 === 0 ? [a, b] : [b, a]);
  }
  return Rng.for(seed, 'basketball-day-order', league.id, round).shuffle(pairs);
}

function matches(game: BasketballGame, filter: GameFilter): boolean {
  return (
    (filter.fromMs === undefined || game.tipoffMs >= filter.fromMs) &&
    (filter.toMs === undefined || game.tipoffMs < filter.toMs) &&
    (filter.leagueId === undefined || game.league.id === filter.leagueId) &&
    (filter.teamIds === undefined || filter.teamIds.every((id) => game.home.id === id || game.away.id === id))
  );
}

function byTipoff(a: BasketballGame, b: BasketballGame): number {
  return a.tipoffMs - b.tipoffMs || a.id - b.id;
}
