import { describe, expect, it } from 'vitest';
import { zonedDate, zonedDayRange } from './zoned-day.ts';

describe('zonedDayRange', () => {
  it('spans 24 hours from local midnight on an ordinary day', () => {
    const { start, end } = zonedDayRange('2026-11-22', 'Europe/Berlin');
    expect(new Date(start).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(end - start).toBe(24 * 3_600_000);
  });

  it('is 23 hours long on the spring DST switch and 25 on the autumn one', () => {
    const spring = zonedDayRange('2026-03-29', 'Europe/Berlin');
    const autumn = zonedDayRange('2026-10-25', 'Europe/Berlin');
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    expect(autumn.end - autumn.start).toBe(25 * 3_600_000);
  });

  it('handles zones ahead of and behind UTC, and half-hour zones', () => {
    expect(new Date(zonedDayRange('2026-11-22', 'America/New_York').start).toISOString()).toBe(
      '2026-11-22T05:00:00.000Z',
    );
    expect(new Date(zonedDayRange('2026-11-22', 'Asia/Kolkata').start).toISOString()).toBe(
      '2026-11-21T18:30:00.000Z',
    );
    expect(new Date(zonedDayRange('2026-11-22', 'UTC').start).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});

describe('zonedDate', () => {
  it('is the date of an instant on the wall clock of the zone', () => {
    const lateEvening = Date.parse('2026-11-22T23:30:00Z');
    expect(zonedDate(lateEvening, 'UTC')).toBe('2026-11-22');
    expect(zonedDate(lateEvening, 'Europe/Berlin')).toBe('2026-11-23');
    expect(zonedDate(lateEvening, 'America/Los_Angeles')).toBe('2026-11-22');
  });
});
