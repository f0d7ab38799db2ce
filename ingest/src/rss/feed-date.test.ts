import { describe, expect, it } from 'vitest';
import { parseFeedDate } from './feed-date.ts';

describe('parseFeedDate', () => {
  it('reads RFC 822 dates in the zones feeds use', () => {
    expect(parseFeedDate('Thu, 27 Aug 2026 04:38:40 EST')).toBe('2026-08-27T09:38:40Z');
    expect(parseFeedDate('Thu, 27 Aug 2026 08:10:13 GMT')).toBe('2026-08-27T08:10:13Z');
    expect(parseFeedDate('Thu, 27 Aug 2026 08:10:13 +0000')).toBe('2026-08-27T08:10:13Z');
    expect(parseFeedDate('Thu, 27 Aug 2026 10:10:13 +0200')).toBe('2026-08-27T08:10:13Z');
    expect(parseFeedDate('Wed, 26 Aug 2026 23:30:00 -0430')).toBe('2026-08-27T04:00:00Z');
    expect(parseFeedDate('Thu, 27 Aug 2026 04:38:40 EDT')).toBe('2026-08-27T08:38:40Z');
    expect(parseFeedDate('Thu, 27 Aug 2026 09:10:13 BST')).toBe('2026-08-27T08:10:13Z');
  });

  it('reads the looser forms: no day name, no seconds, two-digit year, long month name', () => {
    expect(parseFeedDate('27 Aug 2026 08:10 GMT')).toBe('2026-08-27T08:10:00Z');
    expect(parseFeedDate('Thu, 27 Aug 26 08:10:13 GMT')).toBe('2026-08-27T08:10:13Z');
    expect(parseFeedDate('Thursday, 27 August 2026 08:10:13 UT')).toBe('2026-08-27T08:10:13Z');
  });

  it('reads ISO 8601 with a zone', () => {
    expect(parseFeedDate('2026-08-27T10:10:13+02:00')).toBe('2026-08-27T08:10:13Z');
    expect(parseFeedDate('2026-08-27T08:10:13.500Z')).toBe('2026-08-27T08:10:13Z');
  });

  it('refuses what it cannot place in time for certain', () => {
    expect(parseFeedDate('Thu, 27 Aug 2026 08:10:13')).toBeNull();
    expect(parseFeedDate('Thu, 27 Aug 2026 08:10:13 XYZ')).toBeNull();
    expect(parseFeedDate('Mon, 31 Feb 2026 08:10:13 GMT')).toBeNull();
    expect(parseFeedDate('2026-08-27T08:10:13')).toBeNull();
    expect(parseFeedDate('yesterday')).toBeNull();
  });
});
