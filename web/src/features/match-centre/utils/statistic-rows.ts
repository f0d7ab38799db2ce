import { STATISTIC_KEYS, type StatisticKey, type TeamStatistics } from '@pitchside/shared/domain';

/** How a statistic's values read: a count, a percentage (0..100), or expected goals (two decimals). */
export type StatisticFormat = 'count' | 'percent' | 'decimal';

export interface StatisticRow {
  key: StatisticKey;
  format: StatisticFormat;
  home: number | null;
  away: number | null;
  /** The home side's share of the two values, 0..1; half each when both are nothing. */
  homeShare: number;
  /** Which side has more, for the bar's emphasis; null when level. */
  leader: 'home' | 'away' | null;
}

const FORMATS: Partial<Record<StatisticKey, StatisticFormat>> = {
  possession: 'percent',
  pass_accuracy: 'percent',
  expected_goals: 'decimal',
};

/**
 * The paired bars of a match's statistics: every statistic either team has, in the order the domain lists
 * them, home against away. A side without the value counts as nothing in the share and shows as missing.
 * Teams are matched by id; a provider that sends other ids is matched by position (home first).
 */
export function statisticRows(
  statistics: readonly TeamStatistics[],
  homeTeamId: string,
  awayTeamId: string,
): StatisticRow[] {
  const home =
    statistics.find((s) => s.teamId === homeTeamId) ?? (statistics.length === 2 ? statistics[0] : undefined);
  const away =
    statistics.find((s) => s.teamId === awayTeamId) ?? (statistics.length === 2 ? statistics[1] : undefined);
  if (!home && !away) return [];
  const rows: StatisticRow[] = [];
  for (const key of STATISTIC_KEYS) {
    const h = home?.values[key] ?? null;
    const a = away?.values[key] ?? null;
    if (h === null && a === null) continue;
    const total = (h ?? 0) + (a ?? 0);
    rows.push({
      key,
      format: FORMATS[key] ?? 'count',
      home: h,
      away: a,
      homeShare: total > 0 ? (h ?? 0) / total : 0.5,
      leader: (h ?? 0) > (a ?? 0) ? 'home' : (a ?? 0) > (h ?? 0) ? 'away' : null,
    });
  }
  return rows;
}
