import { describe, expect, it } from 'vitest';
import { daysBetween, parseDay, relativeDay, stripDays } from './calendar-day.ts';

describe('parseDay', () => {
  it('takes real calendar days only', () => {
    expect(parseDay('2026-11-22')).toBe('2026-11-22');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2025-02-29')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('22-11-2026')).toBeNull();
    expect(parseDay('today')).toBeNull();
    expect(parseDay('2026-11-22T10:00')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });
});

describe('date strip', () => {
  it('centres on today while the chosen day is near it, so the strip stays put as you click', () => {
    expect(stripDays('2026-11-23', '2026-11-22')).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('centres on a chosen day further away, across months and years', () => {
    const days = stripDays('2027-01-01', '2026-11-22');
    expect(days[0]).toBe('2026-12-29');
    expect(days[3]).toBe('2027-01-01');
    expect(days).toHaveLength(7);
  });

  it('names yesterday, today and tomorrow, and counts days over a DST change', () => {
    expect(relativeDay('2026-11-21', '2026-11-22')).toBe('yesterday');
    expect(relativeDay('2026-11-22', '2026-11-22')).toBe('today');
    expect(relativeDay('2026-11-23', '2026-11-22')).toBe('tomorrow');
    expect(relativeDay('2026-11-24', '2026-11-22')).toBeNull();
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
