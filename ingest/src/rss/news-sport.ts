import { SPORTS, type SportSlug } from '@pitchside/shared/domain';

/**
 * What feeds call a sport, in categories and in link paths, and the sport it is: the BBC's
 * `/sport/cricket/…`, the Guardian's `sport/rugby-union` and `football/…`, ESPN's `/soccer/`, `/nba/`,
 * `/mens-college-basketball/`, Atom terms. Sports the site does not cover are named too, so that an item
 * which says it is cricket is dropped rather than taken for its feed's sport.
 */
const SPORT_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    football: ['football', 'soccer', 'association-football', 'womens-football'],
    basketball: [
      'basketball',
      'nba',
      'wnba',
      'euroleague',
      'mens-college-basketball',
      'womens-college-basketball',
    ],
    'american-football': ['american-football', 'nfl', 'college-football', 'cfl'],
    cricket: ['cricket'],
    'rugby-union': ['rugby-union', 'rugby'],
    'rugby-league': ['rugby-league'],
    tennis: ['tennis'],
    golf: ['golf', 'pga'],
    cycling: ['cycling'],
    athletics: ['athletics'],
    'motor-sport': [
      'formula1',
      'formula-1',
      'formula-one',
      'f1',
      'motorsport',
      'motor-sport',
      'motogp',
      'nascar',
      'racing',
    ],
    boxing: ['boxing'],
    'mixed-martial-arts': ['mma', 'ufc', 'mixed-martial-arts'],
    'horse-racing': ['horse-racing', 'horseracing'],
    snooker: ['snooker'],
    darts: ['darts'],
    'ice-hockey': ['ice-hockey', 'nhl'],
    hockey: ['hockey'],
    baseball: ['baseball', 'mlb'],
    swimming: ['swimming'],
    netball: ['netball'],
    'gaelic-games': ['gaelic-games', 'gaa'],
    'winter-sports': ['winter-sports'],
    sailing: ['sailing'],
    rowing: ['rowing'],
    volleyball: ['volleyball'],
    handball: ['handball'],
    esports: ['esports'],
  }).flatMap(([sport, words]) => words.map((word) => [word, sport] as const)),
);

const COVERED: ReadonlySet<string> = new Set(SPORTS.map((s) => s.slug));

/** A sport the site covers, another sport, or nothing said. */
export type SportSaid = { covered: SportSlug } | { other: string } | null;

/**
 * The sport some words name: the first covered sport among them, else the first other sport (the item is
 * then not ours), else null when they name none ("sport", "fa-cup", "articles" name nothing).
 */
export function sportNamed(words: Iterable<string>): SportSaid {
  let other: string | null = null;
  for (const word of words) {
    const sport = SPORT_WORDS.get(word);
    if (sport === undefined) continue;
    if (COVERED.has(sport)) return { covered: sport as SportSlug };
    other ??= sport;
  }
  return other === null ? null : { other };
}
