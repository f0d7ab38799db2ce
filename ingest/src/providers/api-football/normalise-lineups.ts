import type { Kit, Lineup, LineupPlayer, PlayerPosition } from '@pitchside/shared/domain';
import type { ApiLineup } from './lineup-schema.ts';

const POSITIONS: ReadonlySet<string> = new Set(['G', 'D', 'M', 'F']);
const FORMATION = /^\d(-\d){1,5}$/;
const GRID = /^\d{1,2}:\d{1,2}$/;
const HEX = /^[0-9a-fA-F]{6}$/;

/**
 * API-Football lineups as ours. Grid ("row:col", row 1 the goalkeeper) and kit colours (hex without "#")
 * pass through; a value that does not fit our schema becomes null rather than sinking the match page.
 */
export function normaliseLineups(lineups: readonly ApiLineup[]): Lineup[] {
  return lineups.map((l) => ({
    teamId: String(l.team.id),
    formation: l.formation !== null && FORMATION.test(l.formation) ? l.formation : null,
    startXI: l.startXI.map(({ player }) => lineupPlayer(player)),
    substitutes: l.substitutes.map(({ player }) => lineupPlayer(player)),
    coach: l.coach?.name ? { id: l.coach.id === null ? null : String(l.coach.id), name: l.coach.name } : null,
    colours: {
      player: kit(l.team.colors?.player ?? null),
      goalkeeper: kit(l.team.colors?.goalkeeper ?? null),
    },
  }));
}

function lineupPlayer(p: ApiLineup['startXI'][number]['player']): LineupPlayer {
  return {
    id: p.id === null ? null : String(p.id),
    name: p.name,
    number: p.number,
    position: p.pos !== null && POSITIONS.has(p.pos) ? (p.pos as PlayerPosition) : null,
    grid: p.grid !== null && GRID.test(p.grid) ? p.grid : null,
  };
}

function kit(k: { primary: string | null; number: string | null; border: string | null } | null): Kit | null {
  if (!k) return null;
  const colour = (c: string | null): string | null => {
    const hex = c?.replace(/^#/, '') ?? null;
    return hex !== null && HEX.test(hex) ? hex : null;
  };
  return { primary: colour(k.primary), number: colour(k.number), border: colour(k.border) };
}
