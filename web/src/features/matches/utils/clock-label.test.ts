import { describe, expect, it } from 'vitest';
import type { Match } from '@pitchside/shared/domain';
import { clockLabel } from './clock-label.ts';
import en from '../../../locales/en/common.json';

/** Renders a label the way the English page does, so the test reads like what a visitor sees. */
function shown(
  status: Match['status'],
  elapsed: number | null = null,
  stoppage: number | null = null,
): string {
  const label = clockLabel({ status, clock: { elapsed, stoppage }, kickoff: '2025-06-14T19:45:00Z' });
  if (label.kind === 'kickoff') return `kickoff ${label.iso}`;
  const key = label.key.split('.')[1] as keyof typeof en.clock;
  return en.clock[key].replace('{{minute}}', label.kind === 'running' ? label.minute : '');
}

describe('clockLabel', () => {
  it('shows the running minute, with stoppage time as football writes it', () => {
    expect(shown('first_half', 37)).toBe("37'");
    expect(shown('first_half', 45, 2)).toBe("45+2'");
    expect(shown('second_half', 90, 4)).toBe("90+4'");
    expect(shown('extra_time', 105)).toBe("ET 105'");
  });

  it('shows short statuses when the clock is stopped', () => {
    expect(shown('half_time', 45)).toBe('HT');
    expect(shown('penalties', 120)).toBe('Pens');
    expect(shown('finished', 90)).toBe('FT');
    expect(shown('finished_aet', 120)).toBe('AET');
  });

  it('says "Live" for a live status that has no clock yet, and the kickoff before the start', () => {
    expect(shown('first_half')).toBe('Live');
    expect(shown('scheduled')).toBe('kickoff 2025-06-14T19:45:00Z');
  });
});
