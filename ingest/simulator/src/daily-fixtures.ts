import { buildFixture, type FixtureSpec } from './build-fixture.ts';
import { cycleOf, leagueRound, roundsPerCycle } from './league-round.ts';
import { LruCache } from './lru-cache.ts';
import type { SimCompetition, SimFixture, SimTeam } from './match-day.ts';
import type { Disruption } from './match-script.ts';
import { finalWhistleMs, fixtureStateAt } from './match-state.ts';
import { Rng } from './prng.ts';
import {
  EMPTY_TALLY,
  addResults,
  rankTable,
  tableResult,
  type StandingsTable,
  type Tally,
  type TableResult,
} from './standings.ts';

/**
 * A match day every day: the days before and after the first simulated day (day 0, arranged around
 * `startAt` by match-day.ts), so a simulator left running for hours keeps showing matches in play, and
 * yesterday's results, today's and tomorrow's fixtures, and tables that move.
 *
 * Every day is a 24-hour window; day 0's ends just before its last match does, and each later one starts
 * 24 hours after the one before, so each is busiest at the time of day the simulator started, as day 0
 * was. On every day each league plays its next round, each team once, the kick-offs spread so that a match
 * is in play at every moment and three side by side for about six hours; every other day the continental cup
 * plays a knockout round (Round of 16, quarter-finals, semi-finals, final, then a new draw) in the
 * afternoon and late evening. Forty league clubs and sixteen cup clubs, each playing at most once a day,
 * make at most 28 matches a day, so about 1.7 in play on average: one or two most of the time, never none,
 * three to five for five or six hours a day (about twelve on a Round of 16 day, whose ties fill the hours
 * either side of the league's busiest).
 *
 * A day is a pure function of (seed, day index): its fixtures are drawn when first asked for and the last
 * few days are kept (an LRU cache), so memory stays flat however long the simulator runs. Tables count
 * every finished result of every day from a running tally kept at the end of each day.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const QUARTER_HOUR = 15 * MINUTE;

/** Fixture ids of days other than day 0: base + day * 100 + slot, so 300000123 is day 1, slot 23. */
const DAY_ID_BASE = 300_000_000;
const MAX_DAY = 1_000_000;
/** Slot of the `i`-th fixture of league `l` (in competition order): l * 10 + i; cup ties from 50. */
const LEAGUE_SLOTS_PER_LEAGUE = 10;
const CUP_SLOT_BASE = 50;

/**
 * Kick-offs of a league round, in minutes after the day starts, in four groups of five: each league plays
 * one group's times, a different group each day. Through the night and the morning a kick-off follows the
 * previous one every 105 minutes (a match lasts 108 to 127 with half time), so one match is always in play,
 * the last of the day spilling into the next; from 780 to 1125 (the hours around the time of day the
 * simulator started) three run side by side. The groups rotate "backwards" (group g today, g - 1
 * tomorrow), so a late kick-off (1230, 1335) is followed by an early one only after a night's rest: every
 * team has at least two hours between its final whistle and its next kick-off (daily-fixtures.test.ts).
 */
const LEAGUE_KICKOFFS: readonly (readonly number[])[] = [
  [0, 420, 795, 945, 1125],
  [210, 630, 840, 1005, 1050],
  [105, 525, 885, 1035, 1335],
  [315, 735, 780, 915, 1230],
];

/**
 * Kick-offs of a cup round by its number of ties: in the afternoon and late evening, either side of the
 * league's busiest hours, so more of the day has several matches in play; the final in the evening.
 */
const CUP_KICKOFFS: Readonly<Record<number, readonly number[]>> = {
  8: [525, 555, 645, 675, 1110, 1140, 1215, 1245],
  4: [555, 570, 660, 675],
  2: [660, 675],
  1: [1110],
};
/**
 * Only a match kicking off in these minutes of the day is ever postponed or abandoned: three run side by
 * side then, so calling one off never leaves the day without a match in play.
 */
const CALLED_OFF_WINDOW: readonly [number, number] = [795, 1050];

const CUP_ROUNDS = ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'] as const;
/** Day 0 plays the Round of 16; a cup round every other day after that. */
const DAYS_BETWEEN_CUP_ROUNDS = 2;

/** A cycle of a league's fixture list is published two days before its first round is played. */
const FIXTURE_LIST_LEAD_DAYS = 2;
/** Every match of a day is over before the day after next starts (the longest runs about three hours). */
const DAYS_UNTIL_SETTLED = 2;

const DEFAULT_CACHE_DAYS = 8;
const AFTER_EVERYTHING = Number.MAX_SAFE_INTEGER;

/** Which fixtures a query wants; each bound narrows the days generated to answer it. */
export interface FixtureFilter {
  /** Kick-offs in [fromMs, toMs). */
  fromMs?: number;
  toMs?: number;
  competitionId?: number;
  /** Fixtures involving every one of these teams (one team, or both of a head-to-head). */
  teamIds?: readonly number[];
}

export function matchesFilter(
  fixture: Pick<SimFixture, 'kickoffMs' | 'competition' | 'home' | 'away'>,
  filter: FixtureFilter,
): boolean {
  return (
    (filter.fromMs === undefined || fixture.kickoffMs >= filter.fromMs) &&
    (filter.toMs === undefined || fixture.kickoffMs < filter.toMs) &&
    (filter.competitionId === undefined || fixture.competition.id === filter.competitionId) &&
    (filter.teamIds === undefined ||
      filter.teamIds.every((id) => fixture.home.id === id || fixture.away.id === id))
  );
}

/** Whether a fixture is listed at `nowMs` (a cup tie once drawn, a league round once its list is out). */
export function isPublished(fixture: SimFixture, nowMs: number): boolean {
  return fixture.publishedMs === undefined || fixture.publishedMs <= nowMs;
}

export interface DailyFixturesOptions {
  seed: number;
  competitions: readonly SimCompetition[];
  /** The first simulated day, as match-day.ts arranged it around `startAt`. */
  dayZero: readonly SimFixture[];
  /** Each league's round on day 0, by competition id. */
  dayZeroRounds: ReadonlyMap<number, number>;
  /** How many generated days to keep (default 8). */
  cacheDays?: number;
}

/** A fixture of a day before it is built: enough to filter on, and how to build it. */
interface PlannedFixture {
  id: number;
  competition: SimCompetition;
  home: SimTeam;
  away: SimTeam;
  kickoffMs: number;
  build(): SimFixture;
}

/** A league's tally at the end of a day, and before the latest round it counts (for rank arrows). */
interface Checkpoint {
  tally: Tally;
  before: Tally | null;
}

export class DailyFixtures {
  /**
   * Day 0's window ends, and day 1 starts, on the quarter hour at least ten minutes before day 0's last final
   * whistle, so the first match of day 1 is under way before the last of day 0 ends (day 1's earliest
   * kick-offs go to the teams that finished day 0 earliest).
   */
  readonly dayOneStartMs: number;
  /** The day of every league's round 1: nothing is played before it. */
  readonly firstDay: number;

  private readonly seed: number;
  private readonly leagues: readonly SimCompetition[];
  private readonly cup: SimCompetition | undefined;
  private readonly dayZero: readonly SimFixture[];
  private readonly dayZeroRounds: ReadonlyMap<number, number>;
  private readonly days: LruCache<number, readonly SimFixture[]>;
  /** Cup rounds by day: the next round's draw needs the winners even once their day is forgotten. */
  private readonly cupRounds = new LruCache<number, readonly SimFixture[]>(4);
  /** Every league's checkpoint at the end of a day, by day. */
  private readonly tallies: LruCache<number, ReadonlyMap<number, Checkpoint>>;

  constructor(options: DailyFixturesOptions) {
    this.seed = options.seed;
    this.leagues = options.competitions.filter((c) => options.dayZeroRounds.has(c.id));
    this.cup = options.competitions.find((c) => c.type === 'Cup' && c.standings === 'none');
    this.dayZero = [...options.dayZero].sort(byKickoff);
    this.dayZeroRounds = options.dayZeroRounds;
    const cacheDays = options.cacheDays ?? DEFAULT_CACHE_DAYS;
    this.days = new LruCache(cacheDays);
    this.tallies = new LruCache(cacheDays);

    const lastWhistle = Math.max(
      ...this.dayZero.map((f) => finalWhistleMs(f) ?? f.kickoffMs),
      ...this.dayZero.map((f) => f.kickoffMs),
    );
    this.dayOneStartMs = Math.floor((lastWhistle - 10 * MINUTE) / QUARTER_HOUR) * QUARTER_HOUR;
    this.firstDay = Math.min(0, ...this.leagues.map((c) => 1 - this.roundOnDayZero(c)));
  }

  /** Where day `day`'s 24-hour window starts (epoch ms). */
  dayStartMs(day: number): number {
    return this.dayOneStartMs + (day - 1) * DAY;
  }

  /** The day whose window holds `ms`. */
  dayAt(ms: number): number {
    return 1 + Math.floor((ms - this.dayOneStartMs) / DAY);
  }

  /** How many generated days are held (day 0 is held apart, always). */
  get cachedDays(): number {
    return this.days.size;
  }

  /** The fixtures of one day, by kick-off; empty before the season. */
  fixturesOfDay(day: number): readonly SimFixture[] {
    if (day === 0) return this.dayZero;
    if (day < this.firstDay || Math.abs(day) > MAX_DAY) return [];
    return this.days.getOrCreate(day, () =>
      this.plan(day)
        .map((p) => p.build())
        .sort(byKickoff),
    );
  }

  /** A fixture of a day other than day 0 by id; with `nowMs`, only if it is published by then. */
  fixture(id: number, nowMs?: number): SimFixture | undefined {
    const decoded = decodeFixtureId(id);
    if (!decoded) return undefined;
    if (nowMs !== undefined && this.publishedMs(decoded.day, decoded.slot) > nowMs) return undefined;
    return this.fixturesOfDay(decoded.day).find((f) => f.id === id);
  }

  /**
   * The fixtures published by `nowMs` that match `filter`, by kick-off: from the first round to the last
   * day anything is published for, or the days the filter's window covers. A filter on a team or a
   * competition builds only the fixtures it wants on days not held in the cache.
   */
  fixturesAt(nowMs: number, filter: FixtureFilter = {}): SimFixture[] {
    const first = Math.max(
      this.firstDay,
      filter.fromMs === undefined ? -Infinity : this.dayAt(filter.fromMs),
    );
    const last = Math.min(
      this.lastPublishedDay(nowMs),
      filter.toMs === undefined ? Infinity : this.dayAt(filter.toMs - 1),
    );
    const narrow = filter.competitionId !== undefined || filter.teamIds !== undefined;
    const result: SimFixture[] = [];
    for (let day = first; day <= last; day++) {
      const fixtures =
        day === 0 || !narrow || this.days.has(day)
          ? this.fixturesOfDay(day)
          : this.plan(day)
              .filter((p) => matchesFilter(p, filter) && this.publishedMs(...slotOf(p.id)) <= nowMs)
              .map((p) => p.build());
      for (const f of fixtures) if (matchesFilter(f, filter) && isPublished(f, nowMs)) result.push(f);
    }
    return result.sort(byKickoff);
  }

  /**
   * Draws up front what the first requests at `nowMs` need: the tallies of the season so far and the days
   * from yesterday to the day after tomorrow. The simulator runs in the same process as its clients in tests
   * and `npm start`, so a first table that drew a dozen days would stall everything for a moment.
   */
  prepare(nowMs: number): void {
    const today = this.dayAt(nowMs);
    this.checkpoints(today - DAYS_UNTIL_SETTLED);
    for (let day = today - 1; day <= today + 2; day++) this.fixturesOfDay(day);
  }

  /** A league's table at `nowMs`: every result finished by then, of every day. */
  standings(competition: SimCompetition, nowMs: number): StandingsTable[] {
    if (competition.standings !== 'table' || !this.dayZeroRounds.has(competition.id)) return [];
    const today = this.dayAt(nowMs);
    const settled = Math.max(this.firstDay - 1, today - DAYS_UNTIL_SETTLED);
    let { tally, before } = this.checkpoints(settled).get(competition.id) ?? {
      tally: EMPTY_TALLY,
      before: null,
    };
    for (let day = settled + 1; day <= today; day++) {
      const results = this.results(day, nowMs).get(competition.id) ?? [];
      if (results.length === 0) continue;
      before = tally;
      tally = addResults(tally, results);
    }
    return [rankTable(competition, competition.name, competition.teams, tally, before)];
  }

  // -------------------------------------------------------------------------------------------------------
  // Tables.

  /** Every league's checkpoint at the end of `day`, from the nearest one held, days added one by one. */
  private checkpoints(day: number): ReadonlyMap<number, Checkpoint> {
    let from = day;
    let held: ReadonlyMap<number, Checkpoint> | undefined;
    while (from >= this.firstDay && (held = this.tallies.get(from)) === undefined) from--;
    let current: ReadonlyMap<number, Checkpoint> = held ?? new Map();
    for (let d = from + 1; d <= day; d++) {
      const results = this.results(d, AFTER_EVERYTHING);
      const next = new Map(current);
      for (const [competitionId, list] of results) {
        if (list.length === 0) continue;
        const previous = current.get(competitionId)?.tally ?? EMPTY_TALLY;
        next.set(competitionId, { tally: addResults(previous, list), before: previous });
      }
      current = next;
      this.tallies.set(d, current);
    }
    return current;
  }

  /** Each league's results of one day finished by `nowMs`, in kick-off order. */
  private results(day: number, nowMs: number): Map<number, TableResult[]> {
    const byCompetition = new Map<number, TableResult[]>();
    for (const fixture of this.fixturesOfDay(day)) {
      if (!this.dayZeroRounds.has(fixture.competition.id)) continue;
      const result = tableResult(fixture, nowMs);
      if (!result) continue;
      const list = byCompetition.get(fixture.competition.id) ?? [];
      list.push(result);
      byCompetition.set(fixture.competition.id, list);
    }
    return byCompetition;
  }

  // -------------------------------------------------------------------------------------------------------
  // Publication.

  private roundOnDayZero(competition: SimCompetition): number {
    return this.dayZeroRounds.get(competition.id) ?? 1;
  }

  /** When a slot of a day is listed: a league fixture with its cycle's list, a cup tie as its day starts. */
  private publishedMs(day: number, slot: number): number {
    if (slot >= CUP_SLOT_BASE) return this.dayStartMs(day);
    const competition = this.leagues[Math.floor(slot / LEAGUE_SLOTS_PER_LEAGUE)];
    if (!competition) return Infinity;
    const round = this.roundOnDayZero(competition) + day;
    const cycle = cycleOf(round, competition.teams.length);
    if (cycle <= 0) return -Infinity;
    const firstRoundDay =
      cycle * roundsPerCycle(competition.teams.length) + 1 - this.roundOnDayZero(competition);
    return this.dayStartMs(firstRoundDay - FIXTURE_LIST_LEAD_DAYS);
  }

  /** The last day with a fixture published by `nowMs`: the end of each league's latest published cycle. */
  private lastPublishedDay(nowMs: number): number {
    const today = this.dayAt(nowMs);
    let last = today;
    for (const competition of this.leagues) {
      const perCycle = roundsPerCycle(competition.teams.length);
      const r0 = this.roundOnDayZero(competition);
      const cycle = Math.max(0, Math.floor((today + r0 + FIXTURE_LIST_LEAD_DAYS - 1) / perCycle));
      last = Math.max(last, (cycle + 1) * perCycle - r0);
    }
    return last;
  }

  // -------------------------------------------------------------------------------------------------------
  // Drawing a day.

  /** The fixtures of a day other than day 0, not yet built (cup ties are: a draw needs results). */
  private plan(day: number): PlannedFixture[] {
    if (day === 0 || day < this.firstDay) return [];
    const start = this.dayStartMs(day);
    const planned: PlannedFixture[] = [];
    this.leagues.forEach((competition, l) => {
      const round = this.roundOnDayZero(competition) + day;
      if (round < 1) return;
      const pairs = leagueRound(this.seed, competition, round);
      const kickoffs = LEAGUE_KICKOFFS[mod(l - day, LEAGUE_KICKOFFS.length)]!;
      const order =
        day === 1
          ? this.restedFirst(pairs)
          : Rng.for(this.seed, 'day-kickoffs', day, competition.id).shuffle(pairs.map((_, i) => i));
      order.forEach((pairIndex, k) => {
        const [home, away] = pairs[pairIndex]!;
        const slot = l * LEAGUE_SLOTS_PER_LEAGUE + pairIndex;
        const published = this.publishedMs(day, slot);
        const offset = kickoffs[k % kickoffs.length]!;
        const spec: FixtureSpec = {
          seed: this.seed,
          id: fixtureId(day, slot),
          competition,
          round: `Regular Season - ${round}`,
          group: null,
          kickoffMs: start + offset * MINUTE,
          home,
          away,
          role: day < 0 ? 'earlier-round' : 'later-round',
          knockout: false,
          disruption: drawDisruption(
            this.seed,
            fixtureId(day, slot),
            offset >= CALLED_OFF_WINDOW[0] && offset <= CALLED_OFF_WINDOW[1],
          ),
        };
        planned.push({
          id: spec.id,
          competition,
          home,
          away,
          kickoffMs: spec.kickoffMs,
          build: () => ({
            ...buildFixture(spec),
            ...(Number.isFinite(published) ? { publishedMs: published } : {}),
          }),
        });
      });
    });
    for (const tie of this.cupTies(day)) planned.push({ ...tie, build: () => tie });
    return planned;
  }

  /**
   * Day 1 follows day 0, whose kick-offs were placed for startup rather than for rest: the fixtures whose
   * teams finished day 0 earliest take the earliest kick-offs. Later days rotate the kick-off groups instead.
   */
  private restedFirst(pairs: readonly [SimTeam, SimTeam][]): number[] {
    const finished = new Map<number, number>();
    for (const f of this.dayZero) {
      const end = finalWhistleMs(f) ?? f.kickoffMs;
      finished.set(f.home.id, end);
      finished.set(f.away.id, end);
    }
    const lastOf = ([home, away]: readonly [SimTeam, SimTeam]) =>
      Math.max(finished.get(home.id) ?? -Infinity, finished.get(away.id) ?? -Infinity);
    return pairs.map((_, i) => i).sort((a, b) => lastOf(pairs[a]!) - lastOf(pairs[b]!) || a - b);
  }

  /** The cup ties of a day: the Round of 16 of day 0, then a round every other day, the winners redrawn. */
  private cupTies(day: number): readonly SimFixture[] {
    const cup = this.cup;
    if (!cup || day < 0 || day % DAYS_BETWEEN_CUP_ROUNDS !== 0) return [];
    if (day === 0) return this.dayZero.filter((f) => f.competition.id === cup.id).sort((a, b) => a.id - b.id);
    return this.cupRounds.getOrCreate(day, () => {
      const step = day / DAYS_BETWEEN_CUP_ROUNDS;
      const round = step % CUP_ROUNDS.length;
      const edition = Math.floor(step / CUP_ROUNDS.length);
      const teams =
        round === 0
          ? Rng.for(this.seed, 'cup-draw', edition).shuffle(cup.teams)
          : Rng.for(this.seed, 'cup-draw', edition, round).shuffle(
              this.cupTies(day - DAYS_BETWEEN_CUP_ROUNDS).map(winnerOf),
            );
      const ties = Math.floor(teams.length / 2);
      const kickoffs = CUP_KICKOFFS[ties] ?? CUP_KICKOFFS[8]!;
      const start = this.dayStartMs(day);
      return Array.from({ length: ties }, (_, i) => ({
        ...buildFixture({
          seed: this.seed,
          id: fixtureId(day, CUP_SLOT_BASE + i),
          competition: cup,
          round: CUP_ROUNDS[round]!,
          group: null,
          kickoffMs: start + kickoffs[i % kickoffs.length]! * MINUTE,
          home: teams[2 * i]!,
          away: teams[2 * i + 1]!,
          role: 'later-round',
          knockout: true,
        }),
        publishedMs: start,
      }));
    });
  }
}

/**
 * Now and then a league match is interrupted for a few minutes; rarely one is postponed, or suspended and
 * abandoned, where others are in play beside it. A cup tie always finishes: the next round needs a winner.
 */
function drawDisruption(seed: number, id: number, mayBeCalledOff: boolean): Disruption | undefined {
  const rng = Rng.for(seed, 'disruption', id);
  const roll = rng.float();
  if (roll < 0.02) return { kind: 'interrupted', minute: rng.int(5, 35), minutes: rng.int(3, 10) };
  if (!mayBeCalledOff) return undefined;
  if (roll < 0.05) return { kind: 'postponed' };
  if (roll < 0.07) return { kind: 'suspended', minute: rng.int(10, 35), minutes: rng.int(20, 45) };
  return undefined;
}

/** The team that goes through: knockout scripts always have one (extra time, then penalties). */
function winnerOf(fixture: SimFixture): SimTeam {
  const state = fixtureStateAt(fixture, finalWhistleMs(fixture) ?? AFTER_EVERYTHING);
  return state.winner.away === true ? fixture.away : fixture.home;
}

export function fixtureId(day: number, slot: number): number {
  return DAY_ID_BASE + day * 100 + slot;
}

function decodeFixtureId(id: number): { day: number; slot: number } | null {
  if (!Number.isInteger(id)) return null;
  const [day, slot] = slotOf(id);
  return Math.abs(day) <= MAX_DAY && day !== 0 ? { day, slot } : null;
}

function slotOf(id: number): [day: number, slot: number] {
  const day = Math.floor((id - DAY_ID_BASE) / 100);
  return [day, id - DAY_ID_BASE - day * 100];
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function byKickoff(a: SimFixture, b: SimFixture): number {
  return a.kickoffMs - b.kickoffMs || a.id - b.id;
}
