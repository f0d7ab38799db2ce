import { Rng } from './prng.ts';
import type { MatchLineup, Position, SquadPlayer } from './squad.ts';

/**
 * A fixture's whole story, decided up front: when each period starts and ends, every event with the instant
 * it appears (and, for a goal cancelled by VAR, the instant it disappears), the hidden shots, corners and
 * fouls the statistics are counted from, and who is on the pitch when. Nothing here depends on the wall
 * clock: times are milliseconds of simulated time after kickoff, so the state at any instant is a pure
 * function of the script (see match-state.ts).
 */

export type Side = 'home' | 'away';
export const otherSide = (side: Side): Side => (side === 'home' ? 'away' : 'home');
export const SIDES: readonly Side[] = ['home', 'away'];

export type PlayingPeriod = 'first' | 'second' | 'extra-first' | 'extra-second';
export type RunningStatus = '1H' | '2H' | 'ET';
export type StoppedStatus = 'HT' | 'BT' | 'P' | 'INT' | 'SUSP';
export type FinalStatus = 'FT' | 'AET' | 'PEN' | 'ABD';

/** What the match clock shows: 45+2 is `{elapsed: 45, extra: 2}`. */
export interface ClockReading {
  elapsed: number;
  extra: number | null;
}

const PERIOD_CLOCK: Readonly<Record<PlayingPeriod, { base: number; length: number; status: RunningStatus }>> =
  {
    first: { base: 0, length: 45, status: '1H' },
    second: { base: 45, length: 45, status: '2H' },
    'extra-first': { base: 90, length: 15, status: 'ET' },
    'extra-second': { base: 105, length: 15, status: 'ET' },
  };

const MINUTE = 60_000;
const HALF_TIME_MINUTES = 15;
const BREAK_BEFORE_EXTRA_TIME_MINUTES = 5;
const EXTRA_TIME_HALF_TIME_MINUTES = 1;
const BREAK_BEFORE_SHOOTOUT_MINUTES = 2;
const SHOOTOUT_KICK_MS = 50_000;

/** The reading for the `minute`-th minute (1-based, stoppage included) of a period. */
export function clockReading(period: PlayingPeriod, minute: number): ClockReading {
  const { base, length } = PERIOD_CLOCK[period];
  return minute <= length
    ? { elapsed: base + minute, extra: null }
    : { elapsed: base + length, extra: minute - length };
}

/** A stretch of the match with one status. A running clock counts minutes of `period` from `firstMinute`. */
export interface ScriptPhase {
  status: RunningStatus | StoppedStatus;
  startMs: number;
  endMs: number;
  running: { period: PlayingPeriod; firstMinute: number } | null;
  /** What a stopped clock shows (45 at half time, 120 during a shoot-out, the minute of an interruption). */
  frozen: ClockReading | null;
}

export interface PersonRef {
  id: number | null;
  name: string | null;
}

export type EventType = 'Goal' | 'Card' | 'subst' | 'Var';

/** One entry of the fixture's event feed, as API-Football will show it. */
export interface ScriptEvent {
  /** Simulated ms after kickoff when the event appears. */
  atMs: number;
  /** When set, the event disappears at this instant: a goal that VAR cancels. */
  removedAtMs: number | null;
  time: ClockReading;
  period: PlayingPeriod | 'shootout';
  /** The team the feed files the event under; for an own goal that is the scorer's team. */
  side: Side;
  type: EventType;
  detail: string;
  comments: string | null;
  player: PersonRef;
  /** The assist of a goal; the player going off for a substitution (`player` comes on). */
  assist: PersonRef;
  /** The side a goal counts for (the opponent of `side` for an own goal); null for anything else. */
  scoresFor: Side | null;
  /** A kick of the penalty shoot-out: never part of `goals`. */
  shootout: boolean;
}

export type ShotOutcome = 'goal' | 'saved' | 'off' | 'blocked';

export interface ShotIncident {
  atMs: number;
  side: Side;
  playerId: number;
  outcome: ShotOutcome;
  insideBox: boolean;
  xg: number;
}

export interface TimedIncident {
  atMs: number;
  side: Side;
  playerId: number | null;
}

/** The raw material of the statistics: counted up to any instant, they give the numbers at that instant. */
export interface ScriptStatistics {
  shots: ShotIncident[];
  corners: TimedIncident[];
  fouls: TimedIncident[];
  offsides: TimedIncident[];
  /** Home possession drifts around `base` early on and settles as the match goes on. */
  possession: { base: number; amplitude: number; phase: number };
  /** Passes per minute at 50% possession, and the share that find a team-mate. */
  passRate: Record<Side, number>;
  passAccuracy: Record<Side, number>;
}

/** When a player was on the pitch: [fromMs, toMs), toMs null = until the end. */
export interface Appearance {
  playerId: number;
  side: Side;
  fromMs: number;
  toMs: number | null;
  substitute: boolean;
}

export interface ScriptLineup extends MatchLineup {
  captainId: number;
}

export interface MatchScript {
  /** The seed the script was drawn from; per-player numbers derive from it. */
  seed: number;
  /**
   * Postponed matches have no phases, events or lineups: they stay PST. A script without phases that is not
   * postponed is a match never played (a replayed tournament's schedule): Not Started for good.
   */
  postponed: boolean;
  phases: ScriptPhase[];
  final: { status: FinalStatus; atMs: number; reading: ClockReading } | null;
  marks: {
    secondHalfStartMs: number | null;
    /** When the 90 minutes end: `score.fulltime` is known from here on. */
    regulationEndMs: number | null;
    extraTimeStartMs: number | null;
    shootoutStartMs: number | null;
  };
  events: ScriptEvent[];
  lineups: Record<Side, ScriptLineup>;
  appearances: Appearance[];
  statistics: ScriptStatistics;
}

export type Outcome = 'regular' | 'extra-time' | 'penalties';

export type Disruption =
  /** Play stops at `minute` of the second half for `minutes`, then resumes (INT). */
  | { kind: 'interrupted'; minute: number; minutes: number }
  /** Play stops at `minute` of the second half (SUSP) and the match is abandoned `minutes` later (ABD). */
  | { kind: 'suspended'; minute: number; minutes: number }
  | { kind: 'postponed' }
  /** Replay: the source has no result; the match is listed and never starts. */
  | { kind: 'not-played' };

/** A goal whose minute and scorer are known (a replayed real match). */
export interface FixedGoal {
  /** The side the goal counts for. */
  side: Side;
  /** The minute as printed: 90 for "90+4". */
  minute: number;
  /** Added time: 4 for "90+4". */
  offset: number | null;
  kind: 'normal' | 'penalty' | 'own';
  /** Squad player id of the scorer (for an own goal, a player of the other side). */
  playerId: number;
}

export interface MatchScriptInput {
  seed: number;
  lineups: Record<Side, ScriptLineup>;
  knockout: boolean;
  /** Goals a side scores per 90 minutes on average. */
  expectedGoals: Record<Side, number>;
  /** Forces how a knockout tie ends (the generator guarantees the day shows each ending at least once). */
  outcome?: Outcome;
  disruption?: Disruption;
  /** Guarantees a goal cancelled by VAR between these clock minutes (elapsed), e.g. just after startup. */
  varCancelledGoalBetween?: [number, number];
  /** Replay: exactly these goals, no cards, substitutions or reviews (the source does not have them). */
  fixedGoals?: readonly FixedGoal[];
  /**
   * Replay: the shoot-out result to reproduce. A replayed knockout level after extra time without one
   * (null or absent) ends there: a shoot-out the source does not have is not made up.
   */
  fixedShootout?: Record<Side, number> | null;
}

interface Instant {
  period: PlayingPeriod;
  minute: number;
  /** Seconds into the minute. */
  second: number;
}

type IncidentKind =
  | {
      kind: 'goal';
      side: Side;
      goal: 'normal' | 'penalty' | 'own';
      fixedPlayerId?: number;
      cancelled?: boolean;
    }
  | { kind: 'missed-penalty'; side: Side }
  | { kind: 'penalty-review'; side: Side }
  | { kind: 'yellow'; side: Side }
  | { kind: 'second-yellow'; side: Side }
  | { kind: 'red'; side: Side }
  | { kind: 'sub'; side: Side };

type Incident = IncidentKind & { at: Instant };

const CARD_REASONS = [
  'Foul',
  'Foul',
  'Foul',
  'Tripping',
  'Holding',
  'Roughing',
  'Argument',
  'Handball',
  'Time wasting',
  'Unsportsmanlike conduct',
];

export function generateMatchScript(input: MatchScriptInput): MatchScript {
  const rng = new Rng(input.seed);
  if (input.disruption?.kind === 'postponed') return emptyScript(input, true);
  if (input.disruption?.kind === 'not-played') return emptyScript(input, false);

  const replay = input.fixedGoals !== undefined;
  const goals = replay ? fixedGoalIncidents(input.fixedGoals ?? [], rng) : randomGoals(input, rng);
  const level = (upTo: PlayingPeriod[]) => countFor(goals, 'home', upTo) === countFor(goals, 'away', upTo);
  const extraTime = input.knockout && level(['first', 'second']);
  const shootoutLevel = extraTime && level(['first', 'second', 'extra-first', 'extra-second']);
  const kicks = !shootoutLevel
    ? []
    : replay
      ? input.fixedShootout
        ? planShootout(rng, input.fixedShootout)
        : []
      : planShootout(rng);

  const stoppage = (period: PlayingPeriod, min: number, max: number) =>
    Math.max(
      rng.int(min, max),
      ...goals.filter((g) => g.at.period === period).map((g) => g.at.minute - PERIOD_CLOCK[period].length),
    );
  const timeline = buildTimeline({
    stoppage: {
      first: stoppage('first', 1, 5),
      second: stoppage('second', 2, 7),
      'extra-first': stoppage('extra-first', 0, 2),
      'extra-second': stoppage('extra-second', 0, 3),
    },
    extraTime,
    shootoutKicks: kicks.length,
    disruption: input.disruption,
  });

  const incidents: Incident[] = [...goals];
  if (!replay) incidents.push(...ambientIncidents(input, rng, timeline, extraTime));
  const placed = incidents
    .map((incident) => ({ incident, atMs: timeline.wallMs(incident.at) }))
    .filter((p): p is { incident: Incident; atMs: number } => p.atMs !== null)
    .sort((a, b) => a.atMs - b.atMs);

  const pitch = new Pitch(input.lineups);
  const events: ScriptEvent[] = [];
  const statistics = emptyStatistics(input, rng);
  for (const { incident, atMs } of placed) {
    events.push(...playIncident(incident, atMs, timeline, pitch, rng, statistics));
  }
  if (timeline.shootoutStartMs !== null) {
    events.push(...shootoutEvents(kicks, timeline.shootoutStartMs, pitch, rng));
  }
  addAmbientStatistics(statistics, input, timeline, pitch, rng, !replay);
  events.sort((a, b) => a.atMs - b.atMs);

  return {
    seed: input.seed,
    postponed: false,
    phases: timeline.phases,
    final: timeline.final,
    marks: {
      secondHalfStartMs: timeline.secondHalfStartMs,
      regulationEndMs: timeline.regulationEndMs,
      extraTimeStartMs: timeline.extraTimeStartMs,
      shootoutStartMs: timeline.shootoutStartMs,
    },
    events,
    lineups: input.lineups,
    appearances: pitch.appearances(),
    statistics,
  };
}

/** A match that is not played: postponed (PST), or never played at all (NS for good). */
function emptyScript(input: MatchScriptInput, postponed: boolean): MatchScript {
  return {
    seed: input.seed,
    postponed,
    phases: [],
    final: null,
    marks: { secondHalfStartMs: null, regulationEndMs: null, extraTimeStartMs: null, shootoutStartMs: null },
    events: [],
    lineups: input.lineups,
    appearances: [],
    statistics: {
      shots: [],
      corners: [],
      fouls: [],
      offsides: [],
      possession: { base: 50, amplitude: 0, phase: 0 },
      passRate: { home: 0, away: 0 },
      passAccuracy: { home: 0, away: 0 },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The timeline: periods, breaks and interruptions laid out in simulated milliseconds after kickoff.

interface TimelinePlan {
  stoppage: Record<PlayingPeriod, number>;
  extraTime: boolean;
  shootoutKicks: number;
  disruption: Disruption | undefined;
}

interface Timeline {
  phases: ScriptPhase[];
  final: NonNullable<MatchScript['final']>;
  secondHalfStartMs: number;
  regulationEndMs: number | null;
  extraTimeStartMs: number | null;
  shootoutStartMs: number | null;
  /** The instant a clock minute is played, or null if it never is (after a suspension, beyond stoppage). */
  wallMs(at: Instant): number | null;
  /** Every running stretch, for spreading shots and fouls over the minutes actually played. */
  runningSegments(): { period: PlayingPeriod; firstMinute: number; minutes: number; startMs: number }[];
}

function buildTimeline(plan: TimelinePlan): Timeline {
  const phases: ScriptPhase[] = [];
  let t = 0;
  const run = (period: PlayingPeriod, firstMinute: number, minutes: number) => {
    phases.push({
      status: PERIOD_CLOCK[period].status,
      startMs: t,
      endMs: t + minutes * MINUTE,
      running: { period, firstMinute },
      frozen: null,
    });
    t += minutes * MINUTE;
  };
  const stop = (status: StoppedStatus, minutes: number, frozen: ClockReading) => {
    phases.push({ status, startMs: t, endMs: t + minutes * MINUTE, running: null, frozen });
    t += minutes * MINUTE;
  };
  const total = (period: PlayingPeriod) => PERIOD_CLOCK[period].length + plan.stoppage[period];

  run('first', 1, total('first'));
  stop('HT', HALF_TIME_MINUTES, { elapsed: 45, extra: null });
  const secondHalfStartMs = t;
  const disruption = plan.disruption;
  let final: Timeline['final'];
  let regulationEndMs: number | null = null;
  let extraTimeStartMs: number | null = null;
  let shootoutStartMs: number | null = null;

  if (disruption?.kind === 'suspended') {
    run('second', 1, disruption.minute);
    const reading = clockReading('second', disruption.minute);
    stop('SUSP', disruption.minutes, reading);
    final = { status: 'ABD', atMs: t, reading };
  } else {
    if (disruption?.kind === 'interrupted') {
      run('second', 1, disruption.minute);
      stop('INT', disruption.minutes, clockReading('second', disruption.minute));
      run('second', disruption.minute + 1, total('second') - disruption.minute);
    } else {
      run('second', 1, total('second'));
    }
    regulationEndMs = t;
    if (!plan.extraTime) {
      final = { status: 'FT', atMs: t, reading: { elapsed: 90, extra: null } };
    } else {
      stop('BT', BREAK_BEFORE_EXTRA_TIME_MINUTES, { elapsed: 90, extra: null });
      extraTimeStartMs = t;
      run('extra-first', 1, total('extra-first'));
      stop('BT', EXTRA_TIME_HALF_TIME_MINUTES, { elapsed: 105, extra: null });
      run('extra-second', 1, total('extra-second'));
      if (plan.shootoutKicks === 0) {
        final = { status: 'AET', atMs: t, reading: { elapsed: 120, extra: null } };
      } else {
        stop('BT', BREAK_BEFORE_SHOOTOUT_MINUTES, { elapsed: 120, extra: null });
        shootoutStartMs = t;
        const shootoutMs = (plan.shootoutKicks + 1) * SHOOTOUT_KICK_MS;
        phases.push({
          status: 'P',
          startMs: t,
          endMs: t + shootoutMs,
          running: null,
          frozen: { elapsed: 120, extra: null },
        });
        t += shootoutMs;
        final = { status: 'PEN', atMs: t, reading: { elapsed: 120, extra: null } };
      }
    }
  }

  const segments = phases.flatMap((phase) =>
    phase.running
      ? [{ ...phase.running, minutes: (phase.endMs - phase.startMs) / MINUTE, startMs: phase.startMs }]
      : [],
  );
  return {
    phases,
    final,
    secondHalfStartMs,
    regulationEndMs,
    extraTimeStartMs,
    shootoutStartMs,
    wallMs(at) {
      const segment = segments.find(
        (s) => s.period === at.period && at.minute >= s.firstMinute && at.minute < s.firstMinute + s.minutes,
      );
      if (!segment) return null;
      return segment.startMs + (at.minute - segment.firstMinute) * MINUTE + at.second * 1000;
    },
    runningSegments: () => segments,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Goals: drawn from the teams' expected goals, bent to the outcome the day needs, or fixed by a replay.

function randomGoals(input: MatchScriptInput, rng: Rng): Incident[] {
  const count = (side: Side) => Math.min(6, rng.poisson(input.expectedGoals[side]));
  let home = count('home');
  let away = count('away');
  if (input.knockout && input.outcome === 'regular' && home === away) {
    if (rng.chance(0.5)) home++;
    else away++;
  }
  if (input.knockout && (input.outcome === 'extra-time' || input.outcome === 'penalties')) {
    home = away = Math.min(home, away);
  }
  const goals: Incident[] = [];
  const add = (side: Side, period: PlayingPeriod, minuteRange: [number, number]) => {
    const roll = rng.float();
    const goal = roll < 0.05 ? 'own' : roll < 0.17 ? 'penalty' : 'normal';
    goals.push({
      kind: 'goal',
      side,
      goal,
      at: { period, minute: rng.int(...minuteRange), second: rng.int(5, 55) },
    });
  };
  const regulation = (): [PlayingPeriod, [number, number]] =>
    rng.chance(0.46) ? ['first', [1, 46]] : ['second', [1, 48]];
  for (let i = 0; i < home; i++) add('home', ...regulation());
  for (let i = 0; i < away; i++) add('away', ...regulation());

  if (input.knockout && home === away) {
    let etHome = rng.poisson(0.3 * input.expectedGoals.home);
    let etAway = rng.poisson(0.3 * input.expectedGoals.away);
    if (input.outcome === 'penalties') etHome = etAway = Math.min(etHome, etAway, 1);
    if (input.outcome === 'extra-time' && etHome === etAway) {
      if (rng.chance(0.5)) etHome++;
      else etAway++;
    }
    const extra = (): [PlayingPeriod, [number, number]] =>
      rng.chance(0.5) ? ['extra-first', [1, 15]] : ['extra-second', [1, 16]];
    for (let i = 0; i < etHome; i++) add('home', ...extra());
    for (let i = 0; i < etAway; i++) add('away', ...extra());
  }

  // A goal VAR will take away: not in the count above, so it never decides a match.
  const cancelled = input.varCancelledGoalBetween;
  if (cancelled || rng.chance(0.2)) {
    // Never later than the 85th minute, so the review is over before the final whistle.
    const [from, to] = cancelled ?? [5, 85];
    const clockMinute = rng.int(Math.min(from, 85), Math.min(to, 85));
    const at: Instant =
      clockMinute <= 45
        ? { period: 'first', minute: clockMinute, second: rng.int(5, 40) }
        : { period: 'second', minute: Math.min(clockMinute, 90) - 45, second: rng.int(5, 40) };
    goals.push({
      kind: 'goal',
      side: rng.chance(0.5) ? 'home' : 'away',
      goal: 'normal',
      cancelled: true,
      at,
    });
  }
  return goals;
}

/** A replay's goals at their real minutes: "45+2" is the second minute of first-half stoppage. */
function fixedGoalIncidents(goals: readonly FixedGoal[], rng: Rng): Incident[] {
  return goals.map((goal) => {
    const period: PlayingPeriod =
      goal.minute <= 45
        ? 'first'
        : goal.minute <= 90
          ? 'second'
          : goal.minute <= 105
            ? 'extra-first'
            : 'extra-second';
    const minute = goal.minute - PERIOD_CLOCK[period].base + (goal.offset ?? 0);
    return {
      kind: 'goal',
      side: goal.side,
      goal: goal.kind,
      fixedPlayerId: goal.playerId,
      at: { period, minute, second: rng.int(5, 55) },
    };
  });
}

function countFor(incidents: readonly Incident[], side: Side, periods: readonly PlayingPeriod[]): number {
  return incidents.filter(
    (i) => i.kind === 'goal' && !i.cancelled && i.side === side && periods.includes(i.at.period),
  ).length;
}

// ---------------------------------------------------------------------------------------------------------
// Cards, substitutions, missed penalties and reviews: what makes a feed look like a real one.

function ambientIncidents(
  input: MatchScriptInput,
  rng: Rng,
  timeline: Timeline,
  extraTime: boolean,
): Incident[] {
  const incidents: Incident[] = [];
  const anyMinute = (): Instant => {
    const segment = rng.weighted(timeline.runningSegments(), (s) => s.minutes);
    return {
      period: segment.period,
      minute: segment.firstMinute + rng.int(0, segment.minutes - 1),
      second: rng.int(3, 57),
    };
  };
  const laterMinute = (): Instant => {
    const segments = timeline.runningSegments().filter((s) => s.period !== 'first');
    const segment = rng.weighted(segments, (s) => s.minutes);
    return {
      period: segment.period,
      minute: segment.firstMinute + rng.int(0, segment.minutes - 1),
      second: rng.int(3, 57),
    };
  };
  for (const side of ['home', 'away'] as const) {
    for (let i = rng.poisson(1.7); i > 0; i--) incidents.push({ kind: 'yellow', side, at: anyMinute() });
    if (rng.chance(0.08)) incidents.push({ kind: 'second-yellow', side, at: laterMinute() });
    if (rng.chance(0.04)) incidents.push({ kind: 'red', side, at: anyMinute() });

    // Substitutions come in windows: sometimes at half time, then two or three changes after the hour.
    let subs = rng.int(3, 5);
    if (rng.chance(0.3)) {
      incidents.push({ kind: 'sub', side, at: { period: 'second', minute: 1, second: rng.int(0, 8) } });
      subs--;
    }
    while (subs > 0) {
      const minute = rng.int(10, 43);
      const together = Math.min(subs, rng.int(1, 2));
      for (let k = 0; k < together; k++) {
        incidents.push({ kind: 'sub', side, at: { period: 'second', minute, second: 20 + k } });
      }
      subs -= together;
    }
    if (extraTime && rng.chance(0.7)) {
      incidents.push({ kind: 'sub', side, at: { period: 'extra-first', minute: 1, second: rng.int(0, 10) } });
    }
  }
  for (let i = rng.poisson(0.12); i > 0; i--) {
    const side: Side = rng.chance(0.5) ? 'home' : 'away';
    const at = anyMinute();
    if (rng.chance(0.5)) incidents.push({ kind: 'penalty-review', side, at: reviewBefore(at) });
    incidents.push({ kind: 'missed-penalty', side, at });
  }
  return incidents;
}

/** The VAR check that confirms a penalty comes a minute before the kick. */
function reviewBefore(at: Instant): Instant {
  return at.minute > 1 ? { ...at, minute: at.minute - 1 } : { ...at, second: Math.max(0, at.second - 3) };
}

// ---------------------------------------------------------------------------------------------------------
// Who is on the pitch: every incident picks its players from the eleven on the field at that moment.

class Pitch {
  private readonly on: Record<Side, SquadPlayer[]>;
  private readonly bench: Record<Side, SquadPlayer[]>;
  private readonly booked = new Set<number>();
  private readonly entries = new Map<number, Appearance>();
  private readonly subsMade: Record<Side, number> = { home: 0, away: 0 };

  constructor(private readonly lineups: Record<Side, ScriptLineup>) {
    this.on = {
      home: lineups.home.startXI.map((s) => s.player),
      away: lineups.away.startXI.map((s) => s.player),
    };
    this.bench = { home: [...lineups.home.substitutes], away: [...lineups.away.substitutes] };
    for (const side of SIDES) {
      for (const player of this.on[side]) {
        this.entries.set(player.id, { playerId: player.id, side, fromMs: 0, toMs: null, substitute: false });
      }
    }
  }

  players(side: Side): readonly SquadPlayer[] {
    return this.on[side];
  }

  find(side: Side, playerId: number): SquadPlayer | undefined {
    return [...this.on[side], ...this.bench[side], ...this.lineups[side].startXI.map((s) => s.player)].find(
      (p) => p.id === playerId,
    );
  }

  pick(
    rng: Rng,
    side: Side,
    weights: Partial<Record<Position, number>>,
    except: number[] = [],
  ): SquadPlayer | null {
    const candidates = this.on[side].filter((p) => (weights[p.pos] ?? 0) > 0 && !except.includes(p.id));
    return candidates.length === 0 ? null : rng.weighted(candidates, (p) => weights[p.pos] ?? 0);
  }

  isBooked(playerId: number): boolean {
    return this.booked.has(playerId);
  }

  book(playerId: number): void {
    this.booked.add(playerId);
  }

  bookedOnPitch(side: Side): SquadPlayer[] {
    return this.on[side].filter((p) => this.booked.has(p.id));
  }

  sendOff(side: Side, playerId: number, atMs: number): void {
    this.leave(side, playerId, atMs);
  }

  /** Makes a substitution, returning who came on and who went off and its number, or null if none left. */
  substitute(
    rng: Rng,
    side: Side,
    atMs: number,
  ): { on: SquadPlayer; off: SquadPlayer; number: number } | null {
    const cameOn = [...this.entries.values()].filter((e) => e.substitute).map((e) => e.playerId);
    const off = this.pick(rng, side, { D: 1, M: 3, F: 3 }, cameOn);
    if (!off) return null;
    const samePosition = this.bench[side].filter((p) => p.pos === off.pos);
    const outfield = this.bench[side].filter((p) => p.pos !== 'G');
    const pool = samePosition.length > 0 ? samePosition : outfield;
    if (pool.length === 0) return null;
    const on = rng.pick(pool);
    this.bench[side] = this.bench[side].filter((p) => p.id !== on.id);
    this.leave(side, off.id, atMs);
    this.on[side].push(on);
    this.entries.set(on.id, { playerId: on.id, side, fromMs: atMs, toMs: null, substitute: true });
    this.subsMade[side]++;
    return { on, off, number: this.subsMade[side] };
  }

  /** Who was on the pitch for `side` at an instant (for spreading shots and fouls over players). */
  onAt(side: Side, atMs: number): number[] {
    return [...this.entries.values()]
      .filter((e) => e.side === side && e.fromMs <= atMs && (e.toMs === null || e.toMs > atMs))
      .map((e) => e.playerId);
  }

  appearances(): Appearance[] {
    return [...this.entries.values()];
  }

  private leave(side: Side, playerId: number, atMs: number): void {
    this.on[side] = this.on[side].filter((p) => p.id !== playerId);
    const entry = this.entries.get(playerId);
    if (entry) entry.toMs = atMs;
  }
}

const person = (player: SquadPlayer | null | undefined): PersonRef =>
  player ? { id: player.id, name: player.shortName } : { id: null, name: null };
const NOBODY: PersonRef = { id: null, name: null };

function playIncident(
  incident: Incident,
  atMs: number,
  timeline: Timeline,
  pitch: Pitch,
  rng: Rng,
  statistics: ScriptStatistics,
): ScriptEvent[] {
  const time = clockReading(incident.at.period, incident.at.minute);
  const base = {
    atMs,
    removedAtMs: null,
    time,
    period: incident.at.period,
    side: incident.side,
    comments: null,
    scoresFor: null,
    shootout: false,
  };
  const side = incident.side;
  switch (incident.kind) {
    case 'goal': {
      if (incident.goal === 'own') {
        const conceding = otherSide(side);
        const scorer =
          incident.fixedPlayerId !== undefined
            ? pitch.find(conceding, incident.fixedPlayerId)
            : pitch.pick(rng, conceding, { D: 5, M: 2, G: 0.2 });
        if (!scorer) return [];
        return [
          {
            ...base,
            side: conceding,
            type: 'Goal',
            detail: 'Own Goal',
            player: person(scorer),
            assist: NOBODY,
            scoresFor: side,
          },
        ];
      }
      const scorer =
        incident.fixedPlayerId !== undefined
          ? pitch.find(side, incident.fixedPlayerId)
          : pitch.pick(
              rng,
              side,
              incident.goal === 'penalty' ? { F: 6, M: 3, D: 0.5 } : { F: 6, M: 3, D: 1 },
            );
      if (!scorer) return [];
      const assist =
        incident.goal === 'normal' && incident.fixedPlayerId === undefined && rng.chance(0.72)
          ? pitch.pick(rng, side, { F: 3, M: 5, D: 2 }, [scorer.id])
          : null;
      const penalty = incident.goal === 'penalty';
      statistics.shots.push({
        atMs,
        side,
        playerId: scorer.id,
        outcome: 'goal',
        insideBox: penalty || rng.chance(0.85),
        xg: penalty ? 0.76 : round2(rng.between(0.06, 0.55)),
      });
      const events: ScriptEvent[] = [];
      if (penalty && incident.fixedPlayerId === undefined && rng.chance(0.3)) {
        // The review that gave the penalty, a moment before the kick.
        events.push({
          ...base,
          atMs: atMs - 40_000,
          type: 'Var',
          detail: 'Penalty confirmed',
          player: person(scorer),
          assist: NOBODY,
        });
      }
      const goal: ScriptEvent = {
        ...base,
        type: 'Goal',
        detail: penalty ? 'Penalty' : 'Normal Goal',
        player: person(scorer),
        assist: person(assist),
        scoresFor: side,
      };
      if (!incident.cancelled) return [...events, goal];
      // VAR takes it away a minute or two later: API-Football then drops the Goal event and lists a
      // "Var" / "Goal cancelled" one instead, so the score goes back down.
      const reviewMs = atMs + rng.int(60, 140) * 1000;
      const reviewTime = readingAt(timeline, reviewMs) ?? time;
      return [
        { ...goal, removedAtMs: reviewMs },
        {
          ...base,
          atMs: reviewMs,
          time: reviewTime,
          type: 'Var',
          detail: 'Goal cancelled',
          player: person(scorer),
          assist: NOBODY,
        },
      ];
    }
    case 'missed-penalty': {
      const taker = pitch.pick(rng, side, { F: 6, M: 3, D: 0.5 });
      if (!taker) return [];
      statistics.shots.push({
        atMs,
        side,
        playerId: taker.id,
        outcome: rng.chance(0.6) ? 'saved' : 'off',
        insideBox: true,
        xg: 0.76,
      });
      return [{ ...base, type: 'Goal', detail: 'Missed Penalty', player: person(taker), assist: NOBODY }];
    }
    case 'penalty-review': {
      const fouled = pitch.pick(rng, side, { F: 3, M: 2 });
      return [{ ...base, type: 'Var', detail: 'Penalty confirmed', player: person(fouled), assist: NOBODY }];
    }
    case 'yellow': {
      const player = pitch.pick(
        rng,
        side,
        { G: 0.1, D: 3, M: 3, F: 2 },
        pitch.bookedOnPitch(side).map((p) => p.id),
      );
      if (!player) return [];
      pitch.book(player.id);
      const reason = rng.pick(CARD_REASONS);
      if (reason !== 'Argument' && reason !== 'Time wasting')
        statistics.fouls.push({ atMs, side, playerId: player.id });
      return [
        {
          ...base,
          type: 'Card',
          detail: 'Yellow Card',
          comments: reason,
          player: person(player),
          assist: NOBODY,
        },
      ];
    }
    case 'second-yellow': {
      const booked = pitch.bookedOnPitch(side);
      if (booked.length === 0)
        return playIncident({ ...incident, kind: 'yellow' }, atMs, timeline, pitch, rng, statistics);
      const player = rng.pick(booked);
      pitch.sendOff(side, player.id, atMs);
      statistics.fouls.push({ atMs, side, playerId: player.id });
      return [
        {
          ...base,
          type: 'Card',
          detail: 'Second Yellow card',
          comments: 'Foul',
          player: person(player),
          assist: NOBODY,
        },
      ];
    }
    case 'red': {
      const player = pitch.pick(rng, side, { D: 3, M: 2, F: 1 });
      if (!player) return [];
      pitch.sendOff(side, player.id, atMs);
      statistics.fouls.push({ atMs, side, playerId: player.id });
      return [
        {
          ...base,
          type: 'Card',
          detail: 'Red Card',
          comments: rng.pick(['Foul', 'Serious foul play', 'Violent conduct']),
          player: person(player),
          assist: NOBODY,
        },
      ];
    }
    case 'sub': {
      const change = pitch.substitute(rng, side, atMs);
      if (!change) return [];
      return [
        {
          ...base,
          type: 'subst',
          detail: `Substitution ${change.number}`,
          player: person(change.on),
          assist: person(change.off),
        },
      ];
    }
  }
}

function readingAt(timeline: Timeline, atMs: number): ClockReading | null {
  const phase = timeline.phases.find((p) => p.startMs <= atMs && atMs < p.endMs);
  if (!phase) return null;
  if (!phase.running) return phase.frozen;
  return clockReading(
    phase.running.period,
    phase.running.firstMinute + Math.floor((atMs - phase.startMs) / MINUTE),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The penalty shoot-out.

interface Kick {
  side: Side;
  scored: boolean;
}

/**
 * The kicks of a shoot-out, ending as soon as it is decided (best of five, then sudden death). With a
 * `target` (a replay), a sequence that ends exactly on that score: the side kicking first is drawn, and the
 * other is tried when no sequence starting with it can end so (Portugal 3-5 France at Euro 2024 needs
 * France to kick first). A score no shoot-out can end on (a data error) is still reproduced, its kicks
 * taken in turn to the end without the early finish.
 */
export function planShootout(rng: Rng, target?: Record<Side, number>): Kick[] {
  const drawn: Side = rng.chance(0.5) ? 'home' : 'away';
  if (!target) {
    const order = kickOrder(drawn);
    const kicks: Kick[] = [];
    while (decided(kicks) === null) kicks.push({ side: order(kicks.length), scored: rng.chance(0.76) });
    return kicks;
  }
  for (const first of [drawn, otherSide(drawn)]) {
    const kicks = searchShootout(first, target, () => rng.chance(0.75));
    if (kicks) return kicks;
  }
  const rounds = Math.max(target.home, target.away, 1);
  const order = kickOrder(drawn);
  const kicks: Kick[] = [];
  const scored: Record<Side, number> = { home: 0, away: 0 };
  for (let i = 0; i < rounds * 2; i++) {
    const side = order(i);
    const goal = scored[side] < target[side];
    if (goal) scored[side]++;
    kicks.push({ side, scored: goal });
  }
  return kicks;
}

/** Whether a shoot-out by the rules can end on this score (with either side kicking first). */
export function shootoutReachable(target: Record<Side, number>): boolean {
  return (['home', 'away'] as const).some((first) => searchShootout(first, target, () => true) !== null);
}

const kickOrder =
  (first: Side) =>
  (i: number): Side =>
    i % 2 === 0 ? first : otherSide(first);

function searchShootout(
  first: Side,
  target: Record<Side, number>,
  preferScored: () => boolean,
): Kick[] | null {
  // A shoot-out has a winner; one that goes past five kicks each ends one apart. Saying so up front keeps
  // the search short for a score no shoot-out ends on.
  const margin = Math.abs(target.home - target.away);
  if (margin === 0 || (margin > 1 && Math.max(target.home, target.away) > 5)) return null;
  const order = kickOrder(first);
  const search = (kicks: Kick[]): Kick[] | null => {
    const score = tally(kicks);
    if (score.home > target.home || score.away > target.away) return null;
    const winner = decided(kicks);
    if (winner !== null) return score.home === target.home && score.away === target.away ? kicks : null;
    if (kicks.length > 2 * (Math.max(target.home, target.away) + 6)) return null;
    const side = order(kicks.length);
    const tryScoredFirst = preferScored();
    for (const scored of [tryScoredFirst, !tryScoredFirst]) {
      const found = search([...kicks, { side, scored }]);
      if (found) return found;
    }
    return null;
  };
  return search([]);
}

function tally(kicks: readonly Kick[]): Record<Side, number> {
  return {
    home: kicks.filter((k) => k.side === 'home' && k.scored).length,
    away: kicks.filter((k) => k.side === 'away' && k.scored).length,
  };
}

/** The winner once no comeback is possible, or null while the shoot-out goes on. */
function decided(kicks: readonly Kick[]): Side | null {
  const score = tally(kicks);
  const taken = {
    home: kicks.filter((k) => k.side === 'home').length,
    away: kicks.filter((k) => k.side === 'away').length,
  };
  if (taken.home <= 5 && taken.away <= 5) {
    const left = { home: 5 - taken.home, away: 5 - taken.away };
    if (score.home > score.away + left.away) return 'home';
    if (score.away > score.home + left.home) return 'away';
    return null;
  }
  if (taken.home !== taken.away) return null;
  return score.home === score.away ? null : score.home > score.away ? 'home' : 'away';
}

function shootoutEvents(kicks: readonly Kick[], startMs: number, pitch: Pitch, rng: Rng): ScriptEvent[] {
  const takers: Record<Side, SquadPlayer[]> = { home: [], away: [] };
  for (const side of SIDES) {
    const rank: Readonly<Record<Position, number>> = { F: 0, M: 1, D: 2, G: 3 };
    takers[side] = [...pitch.players(side)].sort((a, b) => rank[a.pos] - rank[b.pos] || rng.float() - 0.5);
  }
  const taken: Record<Side, number> = { home: 0, away: 0 };
  return kicks.map((kick, index): ScriptEvent => {
    const list = takers[kick.side];
    const taker = list.length > 0 ? list[taken[kick.side] % list.length] : undefined;
    taken[kick.side]++;
    return {
      atMs: startMs + (index + 1) * SHOOTOUT_KICK_MS,
      removedAtMs: null,
      // As API-Football numbers them: `extra` is the kick's place in the shoot-out (1, 2, 3…), not stoppage.
      time: { elapsed: 120, extra: index + 1 },
      period: 'shootout',
      side: kick.side,
      type: 'Goal',
      detail: kick.scored ? 'Penalty' : 'Missed Penalty',
      // API-Football files shoot-out kicks as Goal events with this comment; they never count in `goals`.
      comments: 'Penalty Shootout',
      player: person(taker),
      assist: NOBODY,
      scoresFor: null,
      shootout: true,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Shots, corners, fouls and offsides that never show as events but make the statistics move.

function emptyStatistics(input: MatchScriptInput, rng: Rng): ScriptStatistics {
  const edge = Math.max(-12, Math.min(12, (input.expectedGoals.home - input.expectedGoals.away) * 10));
  return {
    shots: [],
    corners: [],
    fouls: [],
    offsides: [],
    possession: {
      base: 50 + edge + rng.between(-4, 4),
      amplitude: rng.between(4, 9),
      phase: rng.between(0, Math.PI * 2),
    },
    passRate: { home: round2(rng.between(4.3, 5.6)), away: round2(rng.between(4.3, 5.6)) },
    passAccuracy: { home: round2(rng.between(0.72, 0.9)), away: round2(rng.between(0.72, 0.9)) },
  };
}

function addAmbientStatistics(
  statistics: ScriptStatistics,
  input: MatchScriptInput,
  timeline: Timeline,
  pitch: Pitch,
  rng: Rng,
  withFouls: boolean,
): void {
  const segments = timeline.runningSegments();
  const anyMs = (): number => {
    const segment = rng.weighted(segments, (s) => s.minutes);
    return segment.startMs + Math.floor(rng.float() * segment.minutes * MINUTE);
  };
  const playedShare = segments.reduce((sum, s) => sum + s.minutes, 0) / 95;
  const who = (side: Side, atMs: number, weights: Partial<Record<Position, number>>): number | null => {
    const ids = pitch.onAt(side, atMs);
    const candidates = ids.map((id) => pitch.find(side, id)).filter((p): p is SquadPlayer => p !== undefined);
    const weighted = candidates.filter((p) => (weights[p.pos] ?? 0) > 0);
    return weighted.length === 0 ? null : rng.weighted(weighted, (p) => weights[p.pos] ?? 0).id;
  };
  for (const side of SIDES) {
    const attack = Math.max(0.4, input.expectedGoals[side] / 1.3) * playedShare;
    const addShots = (count: number, outcome: ShotOutcome, xg: [number, number]) => {
      for (let i = 0; i < count; i++) {
        const atMs = anyMs();
        const playerId = who(side, atMs, { F: 5, M: 4, D: 1 });
        if (playerId === null) continue;
        const insideBox = rng.chance(outcome === 'blocked' ? 0.45 : 0.6);
        const value = rng.between(...xg) * (insideBox ? 1.6 : 0.5);
        statistics.shots.push({ atMs, side, playerId, outcome, insideBox, xg: round2(value) });
      }
    };
    addShots(rng.poisson(2.6 * attack), 'saved', [0.03, 0.16]);
    addShots(rng.poisson(3.8 * attack), 'off', [0.02, 0.1]);
    addShots(rng.poisson(2.4 * attack), 'blocked', [0.02, 0.07]);
    for (let i = rng.poisson(4.6 * attack); i > 0; i--)
      statistics.corners.push({ atMs: anyMs(), side, playerId: null });
    for (let i = rng.poisson(1.7 * playedShare); i > 0; i--) {
      const atMs = anyMs();
      statistics.offsides.push({ atMs, side, playerId: who(side, atMs, { F: 5, M: 1 }) });
    }
    if (withFouls) {
      for (let i = rng.poisson(10.5 * playedShare); i > 0; i--) {
        const atMs = anyMs();
        statistics.fouls.push({ atMs, side, playerId: who(side, atMs, { D: 3, M: 3, F: 2 }) });
      }
    }
  }
  for (const list of [statistics.shots, statistics.corners, statistics.fouls, statistics.offsides]) {
    list.sort((a, b) => a.atMs - b.atMs);
  }
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
