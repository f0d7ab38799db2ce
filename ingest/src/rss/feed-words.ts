/** A feed category as the feed wrote it: RSS `<category domain>text`, Atom `term`, `label`, `scheme`. */
export interface FeedCategory {
  text?: string;
  /** RSS `domain`: the Guardian puts its tag's URL here (`https://www.theguardian.com/sport/cricket`). */
  domain?: string;
  /** Atom `term`. */
  term?: string;
  /** Atom `label`. */
  label?: string;
}

/**
 * The words a category says, as slugs: its text, term and label whole ("Rugby union" is `rugby-union`), and
 * each path segment of a domain or term that is a URL (`…/sport/cricket` is `sport`, `cricket`). Whole
 * slugs only: "England cricket team" is a team, not the sport, and matches nothing.
 */
export function categoryWords(category: FeedCategory): string[] {
  const words: string[] = [];
  for (const value of [category.term, category.text, category.label, category.domain]) {
    if (!value) continue;
    const segments = urlSegments(value);
    if (segments) words.push(...segments);
    else words.push(slug(value));
  }
  return words.filter(Boolean);
}

/** The path segments of a link as slugs (`/sport/football/articles/c33…` is `sport`, `football`, …). */
export const linkWords = (link: string): string[] => urlSegments(link) ?? [];

function urlSegments(value: string): string[] | null {
  if (!/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).pathname
      .split('/')
      .map((segment) => slug(safeDecode(segment)))
      .filter(Boolean);
  } catch {
    return null;
  }
}

const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
