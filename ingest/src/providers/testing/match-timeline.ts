/**
 * How a recorded match unfolds minute by minute, from what its recording says: the periods it played (extra
 * time when it went there, a shoot-out when it had one), each as long as its latest event says (a booking at
 * 90+7 makes the second half 52 minutes), the breaks between them, and the kicks of its shoot-out one a
 * minute. Only the breaks' lengths and the kicks' pace are ours; no result is.
 */

export type PhaseKind =
  | 'first_half'
  | 'half_time'
  | 'second_half'
  | 'break_before_extra_time'
  | 'extra_time_first_half'
  | 'extra_time_half_time'
  | 'extra_time_second_half'
  | 'break_before_penalties'
  | 'penalties';

export interface Phase {
  kind: PhaseKind;
  /** When it starts and ends, in minutes after kickoff. */
  from: number;
  to: number;
  /** The match minute its play starts at (0, 45, 90, 105) and ends at before stoppage (45, 90, 105, 120); a break or the shoot-out: where play stopped, both. */
  startMinute: number;
  endMinute: number;
}

/** Play is on in these; the others are breaks (the shoot-out is neither: kicks, no clock). */
export const PLAYING: ReadonlySet<PhaseKind> = new Set([
  'first_half',
  'second_half',
  'extra_time_first_half',
  'extra_time_second_half',
]);

export interface TimelineInput {
  /** Added minutes of each period, the longest its recorded events show (0 when none is in added time). */
  stoppage?: Partial<Record<'first' | 'second' | 'extraFirst' | 'extraSecond', number>>;
  /** From the recorded periods when it has them (API-Football's `periods.second`), else 15. */
  halfTimeMinutes?: number;
  extraTime: boolean;
  /** The shoot-out: its kicks one a minute (`kicks`), or, when the recording has none, `minutes` long. */
  shootout: { kicks: number } | { minutes: number } | null;
}

export const HALF_TIME_MINUTES = 15;
export const BREAK_BEFORE_EXTRA_TIME_MINUTES = 5;
export const EXTRA_TIME_HALF_TIME_MINUTES = 1;
export const BREAK_BEFORE_PENALTIES_MINUTES = 5;
export const MINUTES_PER_KICK = 1;

/** Where a match is at some minute after its kickoff. */
export type MatchMoment =
  | { stage: 'before' }
  | { stage: 'over' }
  | {
      stage: 'on';
      phase: Phase;
      /** The clock as providers show it: the period's last minute through its added time, where play stopped in a break. */
      elapsed: number;
      /** Minutes into added time, while play is in it. */
      added: number | null;
    };

export class MatchTimeline {
  readonly phases: Phase[] = [];
  /** The final whistle, in minutes after kickoff. */
  readonly end: number;
  /** Kicks of the shoot-out, when the recording has them. */
  readonly kicks: number;

  constructor(input: TimelineInput) {
    const stoppage = { first: 0, second: 0, extraFirst: 0, extraSecond: 0, ...input.stoppage };
    let at = 0;
    const add = (kind: PhaseKind, minutes: number, startMinute: number, endMinute = startMinute) => {
      this.phases.push({ kind, from: at, to: at + minutes, startMinute, endMinute });
      at += minutes;
    };
    add('first_half', 45 + stoppage.first, 0, 45);
    add('half_time', input.halfTimeMinutes ?? HALF_TIME_MINUTES, 45);
    add('second_half', 45 + stoppage.second, 45, 90);
    let played = 90;
    if (input.extraTime) {
      add('break_before_extra_time', BREAK_BEFORE_EXTRA_TIME_MINUTES, 90);
      add('extra_time_first_half', 15 + stoppage.extraFirst, 90, 105);
      add('extra_time_half_time', EXTRA_TIME_HALF_TIME_MINUTES, 105);
      add('extra_time_second_half', 15 + stoppage.extraSecond, 105, 120);
      played = 120;
    }
    this.kicks = 0;
    if (input.shootout) {
      add('break_before_penalties', BREAK_BEFORE_PENALTIES_MINUTES, played);
      if ('kicks' in input.shootout) {
        this.kicks = input.shootout.kicks;
        // The last kick, then a minute before the whistle.
        add('penalties', (input.shootout.kicks + 1) * MINUTES_PER_KICK, played);
      } else add('penalties', input.shootout.minutes, played);
    }
    this.end = at;
  }

  phase(kind: PhaseKind): Phase | undefined {
    return this.phases.find((p) => p.kind === kind);
  }

  at(minute: number): MatchMoment {
    if (minute < 0) return { stage: 'before' };
    if (minute >= this.end) return { stage: 'over' };
    const phase = this.phases.find((p) => minute >= p.from && minute < p.to)!;
    if (!PLAYING.has(phase.kind)) return { stage: 'on', phase, elapsed: phase.endMinute, added: null };
    const clock = phase.startMinute + Math.floor(minute - phase.from);
    return clock > phase.endMinute
      ? { stage: 'on', phase, elapsed: phase.endMinute, added: clock - phase.endMinute }
      : { stage: 'on', phase, elapsed: clock, added: null };
  }

  /**
   * When an event of play recorded at `elapsed` (+`extra`) happens, in minutes after kickoff. Throws for a
   * minute the match did not play (extra time in a match without it).
   */
  instantOf(elapsed: number, extra: number | null): number {
    const kind: PhaseKind =
      elapsed <= 45
        ? 'first_half'
        : elapsed <= 90
          ? 'second_half'
          : elapsed <= 105
            ? 'extra_time_first_half'
            : 'extra_time_second_half';
    const phase = this.phase(kind);
    if (!phase || elapsed > 120) throw new RangeError(`no minute ${elapsed} in this match`);
    return phase.from + (elapsed - phase.startMinute) + (extra ?? 0);
  }

  /** When kick `n` (1, 2, …) of the shoot-out is taken, in minutes after kickoff. */
  kickInstant(n: number): number {
    const phase = this.phase('penalties');
    if (!phase || n < 1 || n > this.kicks) throw new RangeError(`no kick ${n} in this match`);
    return phase.from + n * MINUTES_PER_KICK;
  }
}

/**
 * Recorded time onto the replay's: the anchor instant of the recording lands on `anchorReplay`, and the
 * recording's time runs `speed` times faster (a match of 2 h 40 in 16 minutes at 10).
 */
export class TimeMap {
  constructor(
    readonly anchorRecorded: number,
    readonly anchorReplay: number,
    readonly speed: number,
  ) {
    if (!(speed > 0)) throw new RangeError(`speed must be above 0, got ${speed}`);
  }

  toReplay(recorded: number): number {
    return this.anchorReplay + (recorded - this.anchorRecorded) / this.speed;
  }

  toRecorded(replay: number): number {
    return this.anchorRecorded + (replay - this.anchorReplay) * this.speed;
  }
}

/** A recording that cannot be played without making something up: which match, what disagrees. */
export class RecordingError extends Error {
  constructor(matchId: string, problem: string) {
    super(`recorded match ${matchId}: ${problem}`);
    this.name = 'RecordingError';
  }
}

/** ISO 8601 in UTC to the second, as football-data writes it (`2022-07-12T15:30:00Z`). */
export const isoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The UTC calendar date of an instant. */
export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
