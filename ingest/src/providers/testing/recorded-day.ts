import { MatchTimeline, TimeMap } from './match-timeline.ts';

/** How a match of a recording was settled, from its recorded final state. */
export type Settled = 'regular' | 'extra_time' | 'penalties';

export interface ReplayedMatch {
  id: string;
  /** Its recorded kickoff (ms since the epoch). */
  kickoff: number;
  timeline: MatchTimeline;
  settled: Settled;
  home: string;
  away: string;
  /** The recorded result in words, for a person: "2-1 after extra time, 3-2 on penalties". */
  result: string;
}

/** The recorded result in words: the board, whether extra time was played, the shoot-out. */
export function resultInWords(
  board: { home: number; away: number },
  extraTime: boolean,
  shootout: { home: number; away: number } | null,
): string {
  const words = [`${board.home}-${board.away}${extraTime ? ' after extra time' : ''}`];
  if (shootout) words.push(`${shootout.home}-${shootout.away} on penalties`);
  return words.join(', ');
}

export interface ReplayOptions {
  /** The replay's clock: a test's `MovingClock.now`, or `Date.now` for a developer's peer. */
  now: () => number;
  /** When, on that clock, the anchor match kicks off; every other match keeps its recorded distance from it. */
  kickoffAt: number;
  /** The anchor match's id; by default the first (by kickoff) decided in extra time or on penalties. */
  anchor?: string;
  /** How much faster than recorded time the replay runs (default 1: a match lasts as long as it did). */
  speed?: number;
}

/**
 * The matches of one recording on the replay's clock: which minute each is at, now or at any instant. The
 * provider replays (api-football-replay.ts, football-data-replay.ts) answer requests from it.
 */
export class RecordedDay {
  readonly time: TimeMap;
  readonly anchor: ReplayedMatch;
  protected readonly now: () => number;
  protected readonly byId: ReadonlyMap<string, ReplayedMatch>;

  constructor(matches: readonly ReplayedMatch[], options: ReplayOptions) {
    this.now = options.now;
    this.byId = new Map(matches.map((m) => [m.id, m]));
    const byKickoff = [...matches].sort((a, b) => a.kickoff - b.kickoff);
    const anchor =
      options.anchor !== undefined
        ? this.byId.get(options.anchor)
        : (byKickoff.find((m) => m.settled !== 'regular') ?? byKickoff[0]);
    if (!anchor) {
      throw new RangeError(
        `no match ${options.anchor ?? ''} in the recording (it has ${[...this.byId.keys()].join(', ')})`,
      );
    }
    this.anchor = anchor;
    this.time = new TimeMap(anchor.kickoff, options.kickoffAt, options.speed ?? 1);
  }

  get matches(): ReplayedMatch[] {
    return [...this.byId.values()];
  }

  match(id: string): ReplayedMatch {
    const m = this.byId.get(id);
    if (!m) throw new RangeError(`no match ${id} in the recording`);
    return m;
  }

  /** When match `id` kicks off on the replay's clock. */
  kickoffOf(id: string): number {
    return this.time.toReplay(this.match(id).kickoff);
  }

  /** The replay's instant `minutes` (of the match's own time) after match `id` kicked off. */
  instant(id: string, minutes: number): number {
    return this.time.toReplay(this.match(id).kickoff + minutes * 60_000);
  }

  /** The final whistle of match `id` on the replay's clock. */
  finalWhistleOf(id: string): number {
    return this.instant(id, this.match(id).timeline.end);
  }

  /** Minutes (of the match's own time) since match `m` kicked off, at replay instant `t`. */
  protected minuteAt(m: ReplayedMatch, t: number): number {
    return (this.time.toRecorded(t) - m.kickoff) / 60_000;
  }
}
