/**
 * The simulator's notion of "now". Simulated time runs `timeScale` times faster than real time from an
 * anchor: simulated = anchor + (realNow - realStart) * timeScale + jumps. With the default scale of 60 one
 * match minute passes per real second, so a whole match (about two hours with half time) takes two minutes.
 *
 * Everything the simulator serves is a function of (seed, clock.now()), so tests freeze the clock
 * (`timeScale: 0`) and `advance()` it to any instant they want to look at.
 */
export interface SimClock {
  /** The simulated instant, as epoch milliseconds. */
  nowMs(): number;
  now(): Date;
  /** Jumps simulated time forward by `ms` (tests; never backwards: a feed that rewinds is not a feed). */
  advance(ms: number): void;
  /** Changes the speed from this instant on; simulated time does not jump. 0 freezes the clock. */
  setTimeScale(timeScale: number): void;
  readonly timeScale: number;
}

export interface SimClockOptions {
  /** The simulated instant at the moment the clock is created. */
  anchor: Date;
  /** Simulated milliseconds per real millisecond; 60 = one match minute per real second. */
  timeScale: number;
  /** The real clock; injectable so tests of the clock itself need no timers. */
  realNow?: () => number;
}

export function createSimClock({ anchor, timeScale, realNow = Date.now }: SimClockOptions): SimClock {
  assertTimeScale(timeScale);
  let anchorMs = anchor.getTime();
  let realStart = realNow();
  let scale = timeScale;

  const nowMs = (): number => anchorMs + (realNow() - realStart) * scale;

  return {
    nowMs: () => Math.floor(nowMs()),
    now: () => new Date(Math.floor(nowMs())),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`SimClock.advance: ${ms} is not a forward jump`);
      anchorMs += ms;
    },
    setTimeScale(next: number) {
      assertTimeScale(next);
      // Re-anchor at the current simulated instant so the change of speed does not move time.
      anchorMs = nowMs();
      realStart = realNow();
      scale = next;
    },
    get timeScale() {
      return scale;
    },
  };
}

function assertTimeScale(timeScale: number): void {
  if (!Number.isFinite(timeScale) || timeScale < 0) {
    throw new RangeError(`SimClock: timeScale must be a finite number >= 0, got ${timeScale}`);
  }
}
