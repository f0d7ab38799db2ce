import type { NewsItem } from '@pitchside/shared/domain';

const PREVIEW_WORDS =
  /\b(preview|predictions?|team news|line-?ups?|build-up|how to watch|talking points before)\b/i;
const REPORT_WORDS = /\b(report|player ratings|as it happened|highlights|reaction)\b/i;
/** A scoreline ("Arsenal 2-1 Chelsea", "dominant 4-0 win"), not a season ("2026-27") or a date. */
const SCORELINE = /(?<![\d-])\d{1,2}\s?[-–]\s?\d{1,2}(?![\d-])/;
/** "Arsenal v Chelsea", "Real Madrid vs. Barcelona": a fixture named in the title. */
const FIXTURE = /\S\s(v|vs\.?)\s\S/i;

/**
 * Whether a story is about one match, from its title: "preview" and the like, or a fixture named without a
 * score, is a preview; "report" and the like, or a scoreline, is a report; the rest is news. Titles are all
 * we have for every feed; a wrong guess only moves a story between tabs.
 */
export function newsKind(title: string): NewsItem['kind'] {
  if (PREVIEW_WORDS.test(title)) return 'preview';
  if (REPORT_WORDS.test(title) || SCORELINE.test(title)) return 'report';
  if (FIXTURE.test(title)) return 'preview';
  return 'news';
}
