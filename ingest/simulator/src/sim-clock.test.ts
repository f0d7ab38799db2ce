import { describe, expect, it } from 'vitest';
import { createSimClock } from './sim-clock.ts';

describe('sim clock', () => {
  const anchor = new Date('2026-03-14T15:00:00Z');

  it('runs timeScale times faster than real time from the anchor', () => {
    let real = 1_000_000;
    const clock = createSimClock({ anchor, timeScale: 60, realNow: () => real });
    expect(clock.now()).toEqual(anchor);
    real += 1000;
    expect(clock.nowMs() - anchor.getTime()).toBe(60_000);
  });

  it('jumps forward with advance and changes speed without jumping', () => {
    let real = 0;
    const clock = createSimClock({ anchor, timeScale: 60, realNow: () => real });
    clock.advance(90 * 60_000);
    expect(clock.nowMs() - anchor.getTime()).toBe(90 * 60_000);
    real += 500;
    clock.setTimeScale(0);
    const frozen = clock.nowMs();
    expect(frozen - anchor.getTime()).toBe(90 * 60_000 + 30_000);
    real += 10_000;
    expect(clock.nowMs()).toBe(frozen);
    clock.setTimeScale(2);
    real += 1000;
    expect(clock.nowMs()).toBe(frozen + 2000);
    expect(clock.timeScale).toBe(2);
  });

  it('refuses to run backwards', () => {
    const clock = createSimClock({ anchor, timeScale: 1 });
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.setTimeScale(-1)).toThrow(RangeError);
  });
});
