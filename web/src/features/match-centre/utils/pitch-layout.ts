import type { Lineup, LineupPlayer } from '@pitchside/shared/domain';

/**
 * Where a starter stands in his own half, as fractions: `across` from his team's left touchline (0) to
 * its right (1), `depth` from his own goal line (0) to the halfway line (1). The stylesheet turns these
 * into screen positions for each orientation (home at the bottom or on the left, away mirrored).
 */
export interface PitchSpot {
  player: LineupPlayer;
  across: number;
  depth: number;
  /** Goalkeepers wear their own kit. */
  goalkeeper: boolean;
}

/** The goalkeeper's line and the most advanced line, as fractions of the half. */
const KEEPER_DEPTH = 0.1;
const FRONT_DEPTH = 0.86;

/**
 * Places a starting XI on the pitch from the provider's grid ("row:col": row 1 is the goalkeeper, columns
 * count from the team's left, as API-Football's lineups give them). Without a complete grid, the formation
 * ("4-3-3") places the players in the order listed, goalkeeper first, as providers list them. Null when
 * neither is there, or the two disagree with the players: the page then lists the XI without a pitch.
 */
export function placeLineup(lineup: Pick<Lineup, 'startXI' | 'formation'>): PitchSpot[] | null {
  const players = lineup.startXI;
  if (players.length === 0) return null;
  const cells = players.every((p) => p.grid !== null)
    ? players.map((p) => parseGrid(p.grid!))
    : cellsFromFormation(players, lineup.formation);
  if (!cells || cells.some((c) => c === null)) return null;
  const grid = cells as { row: number; col: number }[];

  const rows = Math.max(...grid.map((c) => c.row));
  const widths = new Map<number, number>();
  for (const { row, col } of grid) widths.set(row, Math.max(widths.get(row) ?? 0, col));

  return players.map((player, i) => {
    const { row, col } = grid[i]!;
    const width = widths.get(row)!;
    return {
      player,
      across: round((col - 0.5) / width),
      depth: round(
        rows === 1 ? KEEPER_DEPTH : KEEPER_DEPTH + ((row - 1) / (rows - 1)) * (FRONT_DEPTH - KEEPER_DEPTH),
      ),
      goalkeeper: row === 1,
    };
  });
}

function parseGrid(grid: string): { row: number; col: number } | null {
  const [row, col] = grid.split(':').map(Number);
  return row && col && row > 0 && col > 0 ? { row, col } : null;
}

/** The formation's lines behind a goalkeeper, filled in listing order. */
function cellsFromFormation(
  players: readonly LineupPlayer[],
  formation: string | null,
): { row: number; col: number }[] | null {
  if (!formation) return null;
  const lines = formation.split('-').map(Number);
  if (1 + lines.reduce((sum, n) => sum + n, 0) !== players.length) return null;
  const keeper = Math.max(
    0,
    players.findIndex((p) => p.position === 'G'),
  );
  const outfield = players.map((_, i) => i).filter((i) => i !== keeper);
  const cells: { row: number; col: number }[] = [];
  cells[keeper] = { row: 1, col: 1 };
  let next = 0;
  lines.forEach((count, line) => {
    for (let col = 1; col <= count; col++) cells[outfield[next++]!] = { row: line + 2, col };
  });
  return cells;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

/** "Ben Lowe" -> "Lowe", "B. Lowe" -> "Lowe", "Ronaldinho" -> "Ronaldinho": what fits under a shirt. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return parts[0]!;
  // Particles belong to the surname: "Virgil van Dijk" -> "van Dijk", "Kevin De Bruyne" -> "De Bruyne".
  const particles = new Set([
    'van',
    'von',
    'de',
    'der',
    'den',
    'da',
    'di',
    'del',
    'dos',
    'du',
    'la',
    'le',
    'ter',
    'ten',
    'el',
    'al',
    'bin',
    'mac',
  ]);
  let start = parts.length - 1;
  while (start > 1 && particles.has(parts[start - 1]!.toLowerCase())) start--;
  return parts.slice(start).join(' ');
}
