import type { MatchStatus } from '@pitchside/shared/domain';

/** Every `fixture.status.short` API-Football documents (v3 "Fixtures" status table). */
export const API_STATUS_CODES = [
  'TBD',
  'NS',
  '1H',
  'HT',
  '2H',
  'ET',
  'BT',
  'P',
  'SUSP',
  'INT',
  'FT',
  'AET',
  'PEN',
  'PST',
  'CANC',
  'ABD',
  'AWD',
  'WO',
  'LIVE',
] as const;
export type ApiStatusCode = (typeof API_STATUS_CODES)[number];

const FIXED: Record<Exclude<ApiStatusCode, 'LIVE'>, MatchStatus> = {
  TBD: 'scheduled',
  NS: 'scheduled',
  '1H': 'first_half',
  HT: 'half_time',
  '2H': 'second_half',
  ET: 'extra_time',
  BT: 'break',
  P: 'penalties',
  SUSP: 'suspended',
  INT: 'interrupted',
  FT: 'finished',
  AET: 'finished_aet',
  PEN: 'finished_pen',
  PST: 'postponed',
  CANC: 'cancelled',
  ABD: 'abandoned',
  AWD: 'awarded',
  // Walkover: one side did not turn up and the result was awarded, which is what viewers need to see.
  WO: 'awarded',
};

/**
 * Our status for an API-Football code. "LIVE" is API-Football's "in progress" for competitions it covers
 * without period data; we place it by the clock (up to 45' first half, up to 90' second half, beyond that
 * extra time), and call it first half before the clock has started, since the ball is in play either way.
 */
export function mapApiStatus(code: ApiStatusCode, elapsed: number | null): MatchStatus {
  if (code !== 'LIVE') return FIXED[code];
  if (elapsed === null || elapsed <= 45) return 'first_half';
  return elapsed <= 90 ? 'second_half' : 'extra_time';
}
