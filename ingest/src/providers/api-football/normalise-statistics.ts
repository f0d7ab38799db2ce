import type { StatisticKey, TeamStatistics } from '@pitchside/shared/domain';
import type { ApiTeamStatistics } from './statistics-schema.ts';

/** API-Football statistic names (`type`) to our keys; names we do not show are ignored. */
const KEYS: Readonly<Record<string, StatisticKey>> = {
  'Ball Possession': 'possession',
  'Total Shots': 'shots_total',
  'Shots on Goal': 'shots_on_target',
  'Shots off Goal': 'shots_off_target',
  'Blocked Shots': 'shots_blocked',
  'Shots insidebox': 'shots_inside_box',
  'Shots outsidebox': 'shots_outside_box',
  'Corner Kicks': 'corners',
  Offsides: 'offsides',
  Fouls: 'fouls',
  'Yellow Cards': 'yellow_cards',
  'Red Cards': 'red_cards',
  'Goalkeeper Saves': 'saves',
  'Total passes': 'passes_total',
  'Passes accurate': 'passes_accurate',
  'Passes %': 'pass_accuracy',
  expected_goals: 'expected_goals',
};

/** Shares and model outputs: null there means "not measured", not zero. */
const MEASURED: ReadonlySet<StatisticKey> = new Set(['possession', 'pass_accuracy', 'expected_goals']);

/**
 * API-Football team statistics as ours. Values come as numbers, percentages ("35%" -> 35) or decimal
 * strings (xG "1.17" -> 1.17). A null count is a zero (API-Football sends null for "Red Cards" when there
 * were none); a null share or xG is left out, since 0% possession or 0.00 xG would be a claim.
 */
export function normaliseStatistics(stats: readonly ApiTeamStatistics[]): TeamStatistics[] {
  return stats.map((team) => {
    const values: TeamStatistics['values'] = {};
    for (const { type, value } of team.statistics) {
      const key = KEYS[type];
      if (!key) continue;
      const number = value === null ? (MEASURED.has(key) ? null : 0) : toNumber(value);
      if (number !== null) values[key] = number;
    }
    return { teamId: String(team.team.id), values };
  });
}

function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(value);
  return match?.[1] !== undefined ? Number(match[1]) : null;
}
