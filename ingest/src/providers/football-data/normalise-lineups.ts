import type { Lineup, LineupPlayer, PlayerPosition } from '@pitchside/shared/domain';
import type { FdMatch, FdMatchTeam } from './match-schema.ts';

const FORMATION = /^\d(-\d){1,5}$/;

/**
 * v4 line-ups (paid tiers: `homeTeam.lineup` / `bench`) as ours, or undefined when the payload has none.
 * v4 gives no pitch grid and no kit colours, so those are null.
 */
export function normaliseFdLineups(m: FdMatch): Lineup[] | undefined {
  const sides = [m.homeTeam, m.awayTeam].filter((t) => t.id !== null && (t.lineup?.length ?? 0) > 0);
  if (sides.length === 0) return undefined;
  return sides.map((t) => ({
    teamId: String(t.id),
    formation: t.formation && FORMATION.test(t.formation) ? t.formation : null,
    startXI: (t.lineup ?? []).slice(0, 11).map(player),
    substitutes: (t.bench ?? []).map(player),
    coach: t.coach?.name ? { id: t.coach.id === null ? null : String(t.coach.id), name: t.coach.name } : null,
    colours: { player: null, goalkeeper: null },
  }));
}

function player(p: NonNullable<FdMatchTeam['lineup']>[number]): LineupPlayer {
  return {
    id: p.id === null ? null : String(p.id),
    name: p.name,
    number: p.shirtNumber ?? null,
    position: position(p.position ?? null),
    grid: null,
  };
}

/** v4 positions are words ("Goalkeeper", "Centre-Back", "Defensive Midfield", "Offence", "Right Winger"). */
export function position(text: string | null): PlayerPosition | null {
  const t = text?.toLowerCase() ?? '';
  if (t.includes('goalkeeper')) return 'G';
  if (t.includes('back') || t.includes('defen')) return 'D';
  if (t.includes('midfield')) return 'M';
  if (t.includes('offence') || t.includes('forward') || t.includes('winger') || t.includes('striker'))
    return 'F';
  return null;
}
