import { describe, expect, it } from 'vitest';
import type { Match } from '@pitchside/shared/domain';
import { clockLabel } from './clock-label.ts';
import common from '../locales/en/common.json';
import matches from '../locales/en/matches.json';

/** Renders a label the way the English page does, so the test reads like what a visitor sees. */
function shown(
  status: Match['status'],
  elapsed: number | null = null,
  stoppage: number | null = null,
  sport?: string,
): string {
  const label = clockLabel({ status, clock: { elapsed, stoppage }, kickoff: '2025-06-14T19:45:00Z' }, sport);
  if (label.kind === 'kickoff') return `kickoff ${label.iso}`;
  const [namespace, key] = label.key.includes(':') ? label.key.split(':') : ['common', label.key];
  const messages = (namespace === 'matches' ? matches : common) as unknown as Record<
    string,
    Record<string, string>
  >;
  const [group, name] = key!.split('.') as [string, string];
  const template = messages[group]![name]!;
  return label.kind === 'running'
    ? template.replace('{{minute}}', label.minute).replace('{{period}}', String(label.period ?? ''))
    : template;
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

  it('speaks basketball: quarters and overtime with their minute, a game won in overtime', () => {
    expect(shown('third_quarter', 7, null, 'basketball')).toBe("Q3 7'");
    expect(shown('first_quarter', null, null, 'basketball')).toBe('Q1');
    expect(shown('overtime', 2, null, 'basketball')).toBe("OT 2'");
    expect(shown('break', null, null, 'basketball')).toBe('Break');
    expect(shown('finished_aet', null, null, 'basketball')).toBe('AOT');
  });

  it('falls back to a generic label for a status it has no words for, by what kind of state it is', () => {
    // As a status added upstream later would arrive: typed as one, unknown to this build's tables.
    expect(shown('first_period' as Match['status'])).toBe('–');
  });
});
