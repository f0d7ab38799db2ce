import { splitHeadToHeadSlug, teamSlug, type Team } from '@pitchside/shared/domain';
import type { MatchReads } from './match-reads.ts';

export type SlugResolution =
  | { kind: 'found'; a: Team; b: Team }
  | { kind: 'malformed' }
  /** Both sides are the same team. */
  | { kind: 'same-team'; team: Team }
  /** The slugs no team has, from the most likely split of the slug. */
  | { kind: 'unknown'; slugs: string[] };

/**
 * Finds the two teams of a head-to-head slug (`${slugA}-vs-${slugB}`). A slug two teams share (the same
 * name in two countries) goes to the pair that has met, else to the lowest ids; of several ways to split
 * the slug, the first whose two sides are both known wins.
 */
export async function resolveHeadToHeadSlug(
  slug: string,
  teams: readonly Team[],
  matches: MatchReads,
): Promise<SlugResolution> {
  const splits = splitHeadToHeadSlug(slug);
  if (!splits) return { kind: 'malformed' };
  const bySlug = new Map<string, Team[]>();
  for (const team of [...teams].sort((x, y) => x.id.localeCompare(y.id, 'en', { numeric: true }))) {
    const key = teamSlug(team);
    bySlug.set(key, [...(bySlug.get(key) ?? []), team]);
  }
  let same: Team | null = null;
  for (const [slugA, slugB] of splits) {
    const as = bySlug.get(slugA) ?? [];
    const bs = bySlug.get(slugB) ?? [];
    if (as.length === 0 || bs.length === 0) continue;
    const pairs = as.flatMap((a) => bs.filter((b) => b.id !== a.id).map((b) => [a, b] as const));
    if (pairs.length === 0) {
      same ??= as[0]!;
      continue;
    }
    if (pairs.length === 1) return { kind: 'found', a: pairs[0]![0], b: pairs[0]![1] };
    for (const [a, b] of pairs) {
      const [ofA, ofB] = await Promise.all([matches.teamIds(a.id), matches.teamIds(b.id)]);
      if (ofA.some((id) => ofB.includes(id))) return { kind: 'found', a, b };
    }
    return { kind: 'found', a: pairs[0]![0], b: pairs[0]![1] };
  }
  if (same) return { kind: 'same-team', team: same };
  const [slugA, slugB] = splits[0]!;
  return { kind: 'unknown', slugs: [slugA, slugB].filter((s) => !bySlug.has(s)) };
}
