import type { StatisticKey, TeamStatistics } from '@pitchside/shared/domain';
import type { FdMatch } from './match-schema.ts';

/** v4 team statistics (paid tiers: `homeTeam.statistics`) to our keys; the rest is not shown. */
const KEYS: Readonly<Record<string, StatisticKey>> = {
  ball_possession: 'possession',
  shots: 'shots_total',
  shots_on_goal: 'shots_on_target',
  shots_off_goal: 'shots_off_target',
  corner_kicks: 'corners',
  offsides: 'offsides',
  fouls: 'fouls',
  saves: 'saves',
  yellow_cards: 'yellow_cards',
  red_cards: 'red_cards',
};

/** Undefined when the payload carries no statistics; a null value is left out rather than read as zero. */
export function normaliseFdStatistics(m: FdMatch): TeamStatistics[] | undefined {
  const sides = [m.homeTeam, m.awayTeam].filter((t) => t.id !== null && t.statistics);
  if (sides.length === 0) return undefined;
  return sides.map((t) => {
    const values: TeamStatistics['values'] = {};
    for (const [name, value] of Object.entries(t.statistics ?? {})) {
      const key = KEYS[name];
      if (key && value !== null && value >= 0) values[key] = value;
    }
    return { teamId: String(t.id), values };
  });
}
