import { describe, expect, it } from 'vitest';
import { formatDuration, isoDuration } from './duration.ts';
import { nowAndNext, upcoming } from './schedule.ts';

/** The media pages' small helpers: video lengths and a channel's now and next. */
describe('formatDuration', () => {
  it('shows minutes and seconds, hours when there are some, nothing for an unknown length', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3729)).toBe('1:02:09');
    expect(formatDuration(null)).toBeNull();
    expect(isoDuration(245)).toBe('PT4M5S');
    expect(isoDuration(3600)).toBe('PT1H');
  });
});

describe('nowAndNext', () => {
  const at = (h: number) => `2026-11-23T${String(h).padStart(2, '0')}:00:00.000Z`;
  const schedule = [
    { title: 'Morning', startsAt: at(8), endsAt: at(10) },
    { title: 'Noon', startsAt: at(12), endsAt: at(13) },
    { title: 'Evening', startsAt: at(18), endsAt: at(20) },
  ];
  it('finds the running programme and the one after it', () => {
    const r = nowAndNext(schedule, Date.parse(at(9)));
    expect(r.now?.title).toBe('Morning');
    expect(r.next?.title).toBe('Noon');
  });
  it('has nothing now in a gap, and nothing next after the last', () => {
    expect(nowAndNext(schedule, Date.parse(at(11)))).toMatchObject({ now: null, next: { title: 'Noon' } });
    expect(nowAndNext(schedule, Date.parse(at(19)))).toMatchObject({ now: { title: 'Evening' }, next: null });
    expect(upcoming(schedule, Date.parse(at(12)) + 1).map((p) => p.title)).toEqual(['Noon', 'Evening']);
  });
});
