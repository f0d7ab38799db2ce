import { buildFixture, type FixtureSpec } from './build-fixture.ts';
import { DailyFixtures, isPublished, matchesFilter, type FixtureFilter } from './daily-fixtures.ts';
import { leagueRound, roundsPerCycle } from './league-round.ts';
import type { Disruption, MatchScript, Outcome } from './match-script.ts';
import { nextGoal } from './match-state.ts';
import { Rng, deriveSeed } from './prng.ts';
import { buildSquad, type Squad } from './squad.ts';
import { computeStandings, type StandingsTable } from './standings.ts';
import { COMPETITIONS, type ClubDef, type CompetitionKind, type Country, type VenueDef } from './teams.ts';

/**
 * The simulated match day: four league rounds and a cup round of sixteen, arranged around `startAt` so that
 * whoever starts the simulator sees matches already in play (kicked off 11 to 80 match minutes ago, one at
 * half time, a cup tie in extra time), a few finished ones, and more kicking off within the next real
 * minutes at the default time scale. That is day 0; every day before and after it has a match day of its
 * own (daily-fixtures.ts): the earlier rounds of each league, all finished, so tables reflect a season's
 * results, and the later ones, a round a day for as long as the simulator runs.
 *
 * Everything is drawn from `seed`, each piece from its own derived seed: the same seed and `startAt` give
 * the same days, and a fixture's story does not change when another fixture is added.
 */

export interface SimTeam {
  id: number;
  name: string;
  code: string | null;
  country: string;
  founded: number | null;
  national: boolean;
  venue: VenueDef | null;
  squad: Squad;
  /** Relative strength around 1: stronger sides score more and concede less. */
  strength: number;
}

export interface SimCompetition {
  id: number;
  name: string;
  type: CompetitionKind;
  country: Country;
  season: number;
  /** YYYY-MM-DD, as `/leagues` seasons show them. */
  seasonStart: string;
  seasonEnd: string;
  teams: SimTeam[];
  /** How `/standings` answers: one league table, one table per group, or nothing (a knockout cup). */
  standings: 'table' | 'groups' | 'none';
  /** `description` of a rank in the table ("Promotion - ..."), or null. */
  describeRank(rank: number, teamsInTable: number): string | null;
}

/** Why the fixture is on the schedule; the day generator arranges them so each is on show at startup. */
export type FixtureRole =
  | 'earlier-round'
  | 'finished-today'
  | 'live-at-start'
  | 'upcoming-today'
  | 'later-round'
  | 'replay'
  | 'history';

export interface SimFixture {
  id: number;
  competition: SimCompetition;
  /** "Regular Season - 13", "Round of 16", "Final". */
  round: string;
  /** The group of a group stage ("Group A"), else null. */
  group: string | null;
  kickoffMs: number;
  home: SimTeam;
  away: SimTeam;
  venue: { id: number | null; name: string | null; city: string | null };
  referee: string | null;
  role: FixtureRole;
  script: MatchScript;
  /**
   * When the fixture is first listed (a cup tie once drawn, a later cycle of a league once its fixture list
   * is out); absent: always.
   */
  publishedMs?: number;
}

export interface MatchDayOptions {
  seed: number;
  startAt: Date;
}

/** Ids of past meetings made up for `/fixtures/headtohead`: base + a * 100000 + b * 10 + k (a < b). */
const HISTORY_ID_BASE = 1_000_000_000;
const MINUTE = 60_000;

/**
 * The schedule the simulator serves: every fixture, team and competition, with lookups. A replayed
 * tournament is one fixed list; a generated world is day 0 plus the days around it, drawn on demand.
 */
export class MatchDay {
  /** The fixtures built up front: day 0 of a generated world, or the whole replayed tournament. */
  readonly fixtures: readonly SimFixture[];
  private readonly byId: Map<number, SimFixture>;
  private readonly history = new Map<number, SimFixture>();

  constructor(
    readonly seed: number,
    readonly startAtMs: number,
    readonly competitions: readonly SimCompetition[],
    readonly teams: readonly SimTeam[],
    fixtures: readonly SimFixture[],
    /** The days before and after day 0; null for a replay, which ends when the tournament does. */
    readonly days: DailyFixtures | null = null,
  ) {
    this.fixtures = [...fixtures].sort((a, b) => a.kickoffMs - b.kickoffMs || a.id - b.id);
    this.byId = new Map(this.fixtures.map((f) => [f.id, f]));
  }

  /** The fixtures of the first simulated day (or the whole replayed tournament). */
  get today(): SimFixture[] {
    return this.fixtures.filter((f) => f.role !== 'earlier-round' && f.role !== 'later-round');
  }

  /**
   * A scheduled fixture of any day, or a past meeting made up for head-to-head. With `nowMs`, only what
   * is published by then: a cup tie is not there before its draw.
   */
  fixture(id: number, nowMs?: number): SimFixture | undefined {
    return this.byId.get(id) ?? this.days?.fixture(id, nowMs) ?? this.historyFixture(id);
  }

  /** The fixtures published by `nowMs` that match `filter`, by kick-off (history not included). */
  fixturesAt(nowMs: number, filter: FixtureFilter = {}): SimFixture[] {
    if (this.days) return this.days.fixturesAt(nowMs, filter);
    return this.fixtures.filter((f) => matchesFilter(f, filter) && isPublished(f, nowMs));
  }

  /** A competition's tables at `nowMs`, counting every result finished by then. */
  standings(competition: SimCompetition, nowMs: number): StandingsTable[] {
    return this.days
      ? this.days.standings(competition, nowMs)
      : computeStandings(competition, this.fixtures, nowMs);
  }

  team(id: number): SimTeam | undefined {
    return this.teams.find((t) => t.id === id);
  }

  competition(id: number): SimCompetition | undefined {
    return this.competitions.find((c) => c.id === id);
  }

  /** The next goal of a fixture after `nowMs` that will stand (see match-state.ts `nextGoal`). */
  nextGoal(fixtureId: number, nowMs: number): ReturnType<typeof nextGoal> {
    const fixture = this.byId.get(fixtureId) ?? this.days?.fixture(fixtureId);
    return fixture ? nextGoal(fixture, nowMs) : null;
  }

  /**
   * Every meeting of two teams, newest first: this season's fixtures published by `nowMs` (default: at
   * startup) and a few made-up past ones.
   */
  headToHead(teamA: number, teamB: number, nowMs: number = this.startAtMs): SimFixture[] {
    const [a, b] = teamA < teamB ? [teamA, teamB] : [teamB, teamA];
    if (!this.team(a) || !this.team(b) || a === b) return [];
    const scheduled = this.fixturesAt(nowMs, { teamIds: [a, b] });
    const past: SimFixture[] = [];
    for (let k = 0; k < historyCount(this.seed, a, b); k++) {
      const fixture = this.historyFixture(HISTORY_ID_BASE + a * 100_000 + b * 10 + k);
      if (fixture) past.push(fixture);
    }
    return [...scheduled, ...past].sort((x, y) => y.kickoffMs - x.kickoffMs);
  }

  private historyFixture(id: number): SimFixture | undefined {
    if (id < HISTORY_ID_BASE) return undefined;
    const cached = this.history.get(id);
    if (cached) return cached;
    const rest = id - HISTORY_ID_BASE;
    const k = rest % 10;
    const b = Math.floor(rest / 10) % 10_000;
    const a = Math.floor(rest / 100_000);
    const home = this.team(k % 2 === 0 ? a : b);
    const away = this.team(k % 2 === 0 ? b : a);
    if (!home || !away || a >= b || k >= historyCount(this.seed, a, b)) return undefined;
    const competition =
      this.competitions.find((c) => c.teams.some((t) => t.id === a) && c.teams.some((t) => t.id === b)) ??
      this.competitions[0];
    if (!competition) return undefined;
    const rng = Rng.for(this.seed, 'history', id);
    const season = competition.season - k - 1;
    const kickoffMs = Date.UTC(
      season + (rng.chance(0.5) ? 1 : 0),
      rng.int(0, 4),
      rng.int(1, 28),
      rng.pick([13, 15, 18, 20]),
      rng.pick([0, 30]),
    );
    const fixture = buildFixture({
      seed: this.seed,
      id,
      competition: { ...competition, season },
      round:
        competition.type === 'League'
          ? `Regular Season - ${rng.int(1, 34)}`
          : rng.pick(['Round of 16', 'Quarter-finals', 'Semi-finals']),
      group: null,
      kickoffMs,
      home,
      away,
      role: 'history',
      knockout: competition.type === 'Cup' && competition.standings === 'none',
    });
    this.history.set(id, fixture);
    return fixture;
  }
}

function historyCount(seed: number, a: number, b: number): number {
  return 3 + (deriveSeed(seed, 'history-count', a, b) % 3);
}

// ---------------------------------------------------------------------------------------------------------
// The generated day.

type Kickoff = { offsetMinutes: number } | { elapsed: number } | { halfTime: true };

interface DaySlot {
  kickoff: Kickoff;
  outcome?: Outcome;
  disruption?: Disruption;
  /** Guarantee a goal that VAR cancels within the first real seconds of watching. */
  varCancelledGoal?: boolean;
}

/**
 * Where today's twenty league fixtures stand at startup (minutes are simulated; at the default scale of 60,
 * an hour of the day passes per real minute). Seeded shuffling decides which fixture gets which slot.
 */
const LEAGUE_SLOTS: readonly DaySlot[] = [
  { kickoff: { offsetMinutes: -330 } },
  { kickoff: { offsetMinutes: -300 } },
  { kickoff: { offsetMinutes: -270 } },
  { kickoff: { offsetMinutes: -240 } },
  { kickoff: { offsetMinutes: -195 } },
  { kickoff: { elapsed: 11 } },
  { kickoff: { elapsed: 24 }, varCancelledGoal: true },
  { kickoff: { elapsed: 38 } },
  { kickoff: { halfTime: true } },
  // Interrupted at 62' for six minutes (INT), then play resumes.
  { kickoff: { elapsed: 55 }, disruption: { kind: 'interrupted', minute: 17, minutes: 6 } },
  { kickoff: { elapsed: 67 } },
  { kickoff: { elapsed: 80 } },
  { kickoff: { offsetMinutes: 3 } },
  { kickoff: { offsetMinutes: 20 } },
  { kickoff: { offsetMinutes: 45 } },
  // Suspended at 68' (SUSP) and abandoned forty minutes later (ABD).
  { kickoff: { offsetMinutes: 75 }, disruption: { kind: 'suspended', minute: 23, minutes: 40 } },
  { kickoff: { offsetMinutes: 120 } },
  { kickoff: { offsetMinutes: 150 }, disruption: { kind: 'postponed' } },
  { kickoff: { offsetMinutes: 210 } },
  { kickoff: { offsetMinutes: 300 } },
];

/** Today's eight cup ties: each way a knockout tie can end is on show, one of them live. */
const CUP_SLOTS: readonly DaySlot[] = [
  { kickoff: { offsetMinutes: -360 }, outcome: 'penalties' },
  { kickoff: { offsetMinutes: -330 }, outcome: 'regular' },
  { kickoff: { offsetMinutes: -250 }, outcome: 'extra-time' },
  { kickoff: { elapsed: 100 }, outcome: 'penalties' },
  { kickoff: { elapsed: 72 }, outcome: 'extra-time' },
  { kickoff: { elapsed: 30 }, outcome: 'regular' },
  { kickoff: { offsetMinutes: 10 }, outcome: 'penalties' },
  { kickoff: { offsetMinutes: 60 } },
];

export function generateMatchDay({ seed, startAt }: MatchDayOptions): MatchDay {
  const anchorMs = Math.floor(startAt.getTime() / MINUTE) * MINUTE;
  const anchor = new Date(anchorMs);
  const season = anchor.getUTCMonth() >= 6 ? anchor.getUTCFullYear() : anchor.getUTCFullYear() - 1;

  const teams: SimTeam[] = [];
  const competitions: SimCompetition[] = COMPETITIONS.map((def) => {
    const competitionTeams = def.clubs.map((club) => clubTeam(seed, club));
    teams.push(...competitionTeams);
    return {
      id: def.id,
      name: def.name,
      type: def.type,
      country: def.country,
      season,
      seasonStart: `${season}-08-09`,
      seasonEnd: `${season + 1}-05-24`,
      teams: competitionTeams,
      standings: def.type === 'League' ? 'table' : 'none',
      describeRank: def.type === 'League' ? describeLeagueRank : () => null,
    };
  });

  const fixtures: SimFixture[] = [];
  const todayLeague: {
    competition: SimCompetition;
    round: number;
    index: number;
    home: SimTeam;
    away: SimTeam;
  }[] = [];
  const dayZeroRounds = new Map<number, number>();
  for (const competition of competitions.filter((c) => c.type === 'League')) {
    const today = Rng.for(seed, 'today-round', competition.id).int(
      10,
      roundsPerCycle(competition.teams.length) - 3,
    );
    dayZeroRounds.set(competition.id, today);
    leagueRound(seed, competition, today).forEach(([home, away], index) =>
      todayLeague.push({ competition, round: today, index, home, away }),
    );
  }

  const daySlots = Rng.for(seed, 'league-slots').shuffle(LEAGUE_SLOTS);
  todayLeague.forEach((entry, i) => {
    fixtures.push(
      todayFixture(seed, anchorMs, daySlots[i % daySlots.length]!, {
        id: entry.competition.id * 1000 + entry.round * 10 + entry.index,
        competition: entry.competition,
        round: `Regular Season - ${entry.round}`,
        home: entry.home,
        away: entry.away,
        knockout: false,
      }),
    );
  });

  const cup = competitions.find((c) => c.type === 'Cup');
  if (cup) {
    const drawn = Rng.for(seed, 'cup-draw').shuffle(cup.teams);
    const cupSlots = Rng.for(seed, 'cup-slots').shuffle(CUP_SLOTS);
    for (let i = 0; i < drawn.length / 2; i++) {
      fixtures.push(
        todayFixture(seed, anchorMs, cupSlots[i % cupSlots.length]!, {
          id: cup.id * 1000 + 10 + i,
          competition: cup,
          round: 'Round of 16',
          home: drawn[2 * i]!,
          away: drawn[2 * i + 1]!,
          knockout: true,
        }),
      );
    }
  }
  const days = new DailyFixtures({ seed, competitions, dayZero: fixtures, dayZeroRounds });
  days.prepare(startAt.getTime());
  return new MatchDay(seed, startAt.getTime(), competitions, teams, fixtures, days);
}

function clubTeam(seed: number, club: ClubDef): SimTeam {
  return {
    id: club.id,
    name: club.name,
    code: club.code,
    country: club.country.name,
    founded: club.founded,
    national: false,
    venue: club.venue,
    squad: buildSquad({ teamId: club.id, seed, nameBank: club.nameBank, colors: club.colors }),
    strength: Rng.for(seed, 'strength', club.id).between(0.75, 1.35),
  };
}

function describeLeagueRank(rank: number, teamsInTable: number): string | null {
  if (rank <= 4) return 'Promotion - Continental Champions Cup (Round of 16: )';
  if (rank === 5) return 'Promotion - Continental Champions Cup (Qualification: )';
  if (rank > teamsInTable - 2) return 'Relegation - Second Division';
  return null;
}

function todayFixture(
  seed: number,
  anchorMs: number,
  slot: DaySlot,
  base: Pick<FixtureSpec, 'id' | 'competition' | 'round' | 'home' | 'away' | 'knockout'>,
): SimFixture {
  const elapsedTarget =
    'elapsed' in slot.kickoff ? slot.kickoff.elapsed : 'halfTime' in slot.kickoff ? 45 : null;
  const spec: FixtureSpec = {
    ...base,
    seed,
    group: null,
    kickoffMs: 0,
    role: 'upcoming-today',
    outcome: slot.outcome,
    disruption: slot.disruption,
    varCancelledGoalBetween:
      slot.varCancelledGoal && elapsedTarget !== null ? [elapsedTarget + 3, elapsedTarget + 10] : undefined,
  };
  // The script does not depend on the kickoff, so draw it first and place the kickoff where the slot
  // wants the clock to stand at startup.
  const fixture = buildFixture(spec);
  const k = slot.kickoff;
  if ('offsetMinutes' in k) {
    const raw = anchorMs + k.offsetMinutes * MINUTE;
    // Kick-offs more than an hour away fall on the quarter hour, like real ones.
    const quarter = 15 * MINUTE;
    fixture.kickoffMs =
      Math.abs(k.offsetMinutes) >= 60
        ? (k.offsetMinutes > 0 ? Math.ceil(raw / quarter) : Math.floor(raw / quarter)) * quarter
        : raw;
    fixture.role = k.offsetMinutes < 0 ? 'finished-today' : 'upcoming-today';
  } else {
    fixture.kickoffMs =
      anchorMs - ('halfTime' in k ? halfTimeOffset(fixture.script) : clockOffset(fixture.script, k.elapsed));
    fixture.role = 'live-at-start';
  }
  return fixture;
}

/** Ms after kickoff at which the clock starts showing `elapsed` (no added time), from the script. */
function clockOffset(script: MatchScript, elapsed: number): number {
  for (const phase of script.phases) {
    if (!phase.running) continue;
    const minutes = (phase.endMs - phase.startMs) / MINUTE;
    const { period, firstMinute } = phase.running;
    const base = { first: 0, second: 45, 'extra-first': 90, 'extra-second': 105 }[period];
    const minute = elapsed - base;
    if (
      minute >= firstMinute &&
      minute < firstMinute + minutes &&
      minute <= (period.startsWith('extra') ? 15 : 45)
    ) {
      return phase.startMs + (minute - firstMinute) * MINUTE;
    }
  }
  throw new Error(`match-day: the script never shows minute ${elapsed}`);
}

function halfTimeOffset(script: MatchScript): number {
  const halfTime = script.phases.find((p) => p.status === 'HT');
  if (!halfTime) throw new Error('match-day: the script has no half time');
  return halfTime.startMs + 7 * MINUTE;
}
