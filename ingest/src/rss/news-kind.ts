import type { NewsItem } from '@pitchside/shared/domain';

type Kind = NewsItem['kind'];

/**
 * What feeds call the kind of an article in their categories: the Guardian's tone tags
 * (`tone/matchreports`, `tone/matchpreviews`, `tone/minutebyminute`, `tone/news`), Atom terms and labels
 * ("report", "Match report", "preview"). A minute-by-minute is the running account of one match, the
 * nearest of our kinds is its report.
 */
const KIND_WORDS: ReadonlyMap<string, Kind> = new Map([
  ['report', 'report'],
  ['reports', 'report'],
  ['match-report', 'report'],
  ['match-reports', 'report'],
  ['matchreports', 'report'],
  ['minutebyminute', 'report'],
  ['minute-by-minute', 'report'],
  ['preview', 'preview'],
  ['previews', 'preview'],
  ['match-preview', 'preview'],
  ['match-previews', 'preview'],
  ['matchpreviews', 'preview'],
  ['news', 'news'],
]);

/**
 * The kind a feed's own categories give an item, or null when they say none. A report or preview tag wins
 * over a general "news" tag on the same item: the narrower word is the one the editor chose for it.
 */
export function kindNamed(words: Iterable<string>): Kind | null {
  let found: Kind | null = null;
  for (const word of words) {
    const kind = KIND_WORDS.get(word);
    if (kind === 'report' || kind === 'preview') return kind;
    if (kind) found = kind;
  }
  return found;
}

const PREVIEW_WORDS =
  /\b(preview|predictions?|team news|line-?ups?|build-up|how to watch|talking points before)\b/i;
const REPORT_WORDS = /\b(report|player ratings|as it happened|highlights|reaction)\b/i;
/** A scoreline ("Arsenal 2-1 Chelsea", "dominant 4-0 win"), not a season ("2026-27") or a date. */
const SCORELINE = /(?<![\d-])\d{1,2}\s?[-–]\s?\d{1,2}(?![\d-])/;
/** "Arsenal v Chelsea", "Real Madrid vs. Barcelona": a fixture named in the title. */
const FIXTURE = /\S\s(v|vs\.?)\s\S/i;

/**
 * Whether a story is about one match, from its title, for feeds whose categories do not say (the BBC's,
 * ESPN's): "preview" and the like, or a fixture named without a score, is a preview; "report" and the
 * like, or a scoreline, is a report; the rest is news. A wrong guess only moves a story between tabs.
 */
export function newsKind(title: string): Kind {
  if (PREVIEW_WORDS.test(title)) return 'preview';
  if (REPORT_WORDS.test(title) || SCORELINE.test(title)) return 'report';
  if (FIXTURE.test(title)) return 'preview';
  return 'news';
}
