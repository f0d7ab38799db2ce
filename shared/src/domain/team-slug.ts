import type { Team } from './team.ts';

/**
 * Team slugs for readable URLs (`team/head-to-head/ashworth-rovers-vs-blackmere-city`), and the text
 * folding team search uses, so that "Munchen", "münchen" and "MÜNCHEN" all find "FC München".
 */

/** Letters NFKD does not take apart into a base letter and a mark. */
const NO_DECOMPOSITION: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** Lowercase, accents and other marks removed: what search compares and slugs are made of. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþıħ]/g, (c) => NO_DECOMPOSITION[c] ?? c);
}

/** At most this long, cut on a hyphen: a URL segment, not a sentence. */
const MAX_SLUG_LENGTH = 60;
/** What a slug is made of; a request's slug is checked against it before anything is looked up. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A team's slug, from its name: lowercase, ASCII-folded, every run of other characters one hyphen
 * ("1. FC Köln" -> "1-fc-koln"). A name with no Latin letters or digits at all (say "ЦСКА") gives
 * `team-{id}`, so every team has one. Two teams with the same name share a slug; whoever resolves a slug
 * decides between them (head-to-head prefers the pair that has met).
 */
export function teamSlug(team: Pick<Team, 'id' | 'name'>): string {
  const slug = foldText(team.name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') return `team-${foldText(team.id).replace(/[^a-z0-9]+/g, '-')}`;
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : undefined).replace(/-+$/, '');
}

/** A team as the API returns it: with the slug its pages are linked by. */
export type SluggedTeam = Team & { slug: string };
export const withSlug = (team: Team): SluggedTeam => ({ ...team, slug: teamSlug(team) });

const VS = '-vs-';
/** Two slugs and "-vs-", with room for `team-{id}` slugs of long ids. */
export const MAX_HEAD_TO_HEAD_SLUG_LENGTH = 200;

/** The slug of the head-to-head page of two teams, in the order given: `${slugA}-vs-${slugB}`. */
export const headToHeadSlug = (a: Pick<Team, 'id' | 'name'>, b: Pick<Team, 'id' | 'name'>): string =>
  `${teamSlug(a)}${VS}${teamSlug(b)}`;

/**
 * The ways a head-to-head slug splits into two team slugs, in order. Usually one; a team whose own name
 * holds "vs" ("vs-united-vs-ashworth-rovers") gives more, and the caller keeps the first whose two sides
 * are both known. Null when the slug is malformed: not slug characters, or no "-vs-" with a team on each side.
 */
export function splitHeadToHeadSlug(slug: string): [string, string][] | null {
  if (slug.length > MAX_HEAD_TO_HEAD_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) return null;
  const splits: [string, string][] = [];
  for (let at = slug.indexOf(VS); at >= 0; at = slug.indexOf(VS, at + 1)) {
    const a = slug.slice(0, at);
    const b = slug.slice(at + VS.length);
    if (SLUG_PATTERN.test(a) && SLUG_PATTERN.test(b)) splits.push([a, b]);
  }
  return splits.length > 0 ? splits : null;
}
