import { Rng } from './prng.ts';
import { FORMATIONS, NAME_BANKS, type NameBankKey } from './teams.ts';

/** API-Football's lineup positions: goalkeeper, defender, midfielder, forward. */
export type Position = 'G' | 'D' | 'M' | 'F';

export interface SquadPlayer {
  id: number;
  /** As lineups show it: "Kyle Walker". */
  name: string;
  /** As events show it: "K. Walker". */
  shortName: string;
  number: number;
  pos: Position;
}

export interface Coach {
  id: number;
  name: string;
}

/** Lineup colours as API-Football sends them: hex without '#'. */
export interface KitColors {
  player: { primary: string; number: string; border: string };
  goalkeeper: { primary: string; number: string; border: string };
}

export interface Squad {
  formation: string;
  /** The usual eleven, in formation order (goalkeeper first). */
  firstEleven: SquadPlayer[];
  bench: SquadPlayer[];
  coach: Coach;
  colors: KitColors;
}

/** A starter with their place on the formation grid, "row:col" (row 1 is the goalkeeper). */
export interface LineupSlot {
  player: SquadPlayer;
  grid: string;
}

export interface MatchLineup {
  formation: string;
  startXI: LineupSlot[];
  substitutes: SquadPlayer[];
  coach: Coach;
  colors: KitColors;
}

export interface SquadOptions {
  teamId: number;
  seed: number;
  nameBank: NameBankKey;
  colors: { primary: string; secondary: string };
  /** Players who must be in the squad, by full name (a replay's real scorers); the rest is generated. */
  mustInclude?: readonly string[];
}

const BENCH_SHAPE: readonly Position[] = ['G', 'D', 'D', 'D', 'M', 'M', 'M', 'F', 'F'];
const SHIRT_PREFERENCES: Readonly<Record<Position, readonly number[]>> = {
  G: [1, 13, 25, 31, 40],
  D: [2, 3, 4, 5, 6, 12, 15, 22, 24, 26, 28, 33],
  M: [8, 10, 14, 16, 17, 18, 20, 23, 27, 30, 34, 36],
  F: [9, 7, 11, 19, 21, 29, 35, 39],
};
const GOALKEEPER_KITS = ['99ff99', '66ff00', 'ffd700', 'a0a0a0', 'ff7f00', '222222', '00cccc', 'ff66cc'];

/** The rows of a formation below the goalkeeper, each with its position: "4-2-3-1" -> D4, M2, M3, F1. */
export function formationRows(formation: string): { pos: Position; count: number }[] {
  const counts = formation.split('-').map(Number);
  return counts.map((count, index) => ({
    count,
    pos: index === 0 ? 'D' : index === counts.length - 1 ? 'F' : 'M',
  }));
}

export function buildSquad(options: SquadOptions): Squad {
  const rng = Rng.for(options.seed, 'squad', options.teamId);
  const formation = rng.pick(FORMATIONS);
  const rows = formationRows(formation);
  const eleven: Position[] = ['G', ...rows.flatMap((row) => Array<Position>(row.count).fill(row.pos))];
  const shape = [...eleven, ...BENCH_SHAPE];

  const names = squadNames(rng, options.nameBank, shape, options.mustInclude ?? []);
  const usedNumbers = new Set<number>();
  const players = shape.map((pos, index): SquadPlayer => {
    const name = names[index]!;
    return {
      id: options.teamId * 100 + index + 1,
      name,
      shortName: shortName(name),
      number: shirtNumber(pos, usedNumbers, rng),
      pos,
    };
  });
  return {
    formation,
    firstEleven: players.slice(0, 11),
    bench: players.slice(11),
    coach: { id: 7000 + options.teamId, name: personName(rng, options.nameBank) },
    colors: kitColors(options.colors, rng),
  };
}

/**
 * Today's lineup: the usual eleven with one or two rotated out for a bench player of the same position.
 * `mustStart` players (a replay's scorers of this match) are put in the eleven in place of generated ones.
 */
export function pickLineup(squad: Squad, rng: Rng, mustStart: readonly number[] = []): MatchLineup {
  const eleven = [...squad.firstEleven];
  const bench = [...squad.bench];
  const rotations = mustStart.length > 0 ? 0 : rng.int(0, 2);
  for (let i = 0; i < rotations; i++) {
    const slot = rng.int(1, 10);
    const starter = eleven[slot]!;
    const benchIndex = bench.findIndex((p) => p.pos === starter.pos);
    if (benchIndex < 0) continue;
    eleven[slot] = bench[benchIndex]!;
    bench[benchIndex] = starter;
  }
  for (const id of mustStart) {
    if (eleven.some((p) => p.id === id)) continue;
    const benchIndex = bench.findIndex((p) => p.id === id);
    if (benchIndex < 0) continue;
    const slot = eleven.findIndex((p, index) => index > 0 && !mustStart.includes(p.id));
    if (slot < 0) break;
    const incoming = bench[benchIndex]!;
    bench[benchIndex] = eleven[slot]!;
    eleven[slot] = { ...incoming, pos: eleven[slot]!.pos };
  }
  return {
    formation: squad.formation,
    startXI: gridFor(squad.formation, eleven),
    substitutes: bench,
    coach: squad.coach,
    colors: squad.colors,
  };
}

/**
 * Places eleven players (formation order) on the grid. Like API-Football, rows run from the goalkeeper
 * (row 1) forward and each row is listed from its highest column down ("2:4", "2:3", "2:2", "2:1").
 */
function gridFor(formation: string, eleven: readonly SquadPlayer[]): LineupSlot[] {
  const slots: LineupSlot[] = [{ player: eleven[0]!, grid: '1:1' }];
  let next = 1;
  formationRows(formation).forEach((row, rowIndex) => {
    const inRow = eleven.slice(next, next + row.count);
    next += row.count;
    inRow.forEach((player, i) => slots.push({ player, grid: `${rowIndex + 2}:${row.count - i}` }));
  });
  return slots;
}

export function shortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  if (parts.length < 2) return fullName.trim();
  const [first, ...rest] = parts;
  return `${first!.charAt(0)}. ${rest.join(' ')}`;
}

/** A full name, mostly from the club's country; about one in five comes from elsewhere, as in any top league. */
export function personName(rng: Rng, bank: NameBankKey): string {
  const banks = Object.keys(NAME_BANKS) as NameBankKey[];
  const from = NAME_BANKS[rng.chance(0.8) ? bank : rng.pick(banks)];
  return `${rng.pick(from.first)} ${rng.pick(from.last)}`;
}

/**
 * One distinct name per squad slot. Names that must be there (a replay's real scorers) take outfield slots
 * of the first eleven, forwards first, so they never end up in goal.
 */
function squadNames(
  rng: Rng,
  bank: NameBankKey,
  shape: readonly Position[],
  mustInclude: readonly string[],
): string[] {
  const seen = new Set<string>(mustInclude);
  const names: string[] = [];
  for (let attempts = 0; names.length < shape.length && attempts < 5000; attempts++) {
    const name = personName(rng, bank);
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  const rank: Readonly<Record<Position, number>> = { F: 0, M: 1, D: 2, G: 3 };
  const slots = shape
    .map((pos, index) => ({ pos, index }))
    .filter((slot) => slot.pos !== 'G')
    .sort(
      (a, b) =>
        Number(a.index >= 11) - Number(b.index >= 11) || rank[a.pos] - rank[b.pos] || a.index - b.index,
    );
  mustInclude.slice(0, slots.length).forEach((name, i) => {
    names[slots[i]!.index] = name;
  });
  return names;
}

function shirtNumber(pos: Position, used: Set<number>, rng: Rng): number {
  const preferred = SHIRT_PREFERENCES[pos].find((n) => !used.has(n));
  let number = preferred ?? rng.int(41, 99);
  while (used.has(number)) number = rng.int(41, 99);
  used.add(number);
  return number;
}

function kitColors(colors: { primary: string; secondary: string }, rng: Rng): KitColors {
  const numberColor = inkOn(colors.primary, colors.secondary);
  const keeper = rng.pick(GOALKEEPER_KITS.filter((c) => contrast(c, colors.primary) > 0.2));
  return {
    player: { primary: colors.primary, number: numberColor, border: colors.primary },
    goalkeeper: { primary: keeper, number: readableOn(keeper), border: keeper },
  };
}

/** The club's second colour if it reads on the first, else black or white. */
export function inkOn(primary: string, secondary: string): string {
  return contrast(primary, secondary) > 0.35 ? secondary : readableOn(primary);
}

/** Black or white, whichever reads better on `hex`. */
export function readableOn(hex: string): string {
  return luminance(hex) > 0.5 ? '000000' : 'ffffff';
}

function contrast(a: string, b: string): number {
  return Math.abs(luminance(a) - luminance(b));
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex, 16);
  const r = (value >> 16) & 0xff;
  const g = (value >> 8) & 0xff;
  const b = value & 0xff;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
