import '../../../lib/zod-browser.ts';
import { NewsItemSchema, type NewsItem } from '@pitchside/shared/domain';
import { ScoreboardEntrySchema, type ScoreboardEntry } from '@pitchside/shared/protocol';
import type { Parser } from '../../../lib/envelope.ts';

/**
 * The parsers of the match-list reads, built from shared's schemas. Loaded lazily by match-lists.ts, so
 * zod is not part of a page's first view (see envelope.ts `LazyParser`).
 *
 * Lists are read item by item: one item the site cannot read (a status or a sport added upstream before
 * this build knows it) is left out with a warning, so the rest of the day still shows instead of an error
 * page.
 */
function tolerantList<T>(item: Parser<T>, what: string): Parser<T[]> {
  return {
    safeParse(input) {
      if (!Array.isArray(input)) return { success: false, error: { issues: [`${what}: not a list`] } };
      const data: T[] = [];
      const skipped: unknown[] = [];
      for (const raw of input) {
        const parsed = item.safeParse(raw);
        if (parsed.success) data.push(parsed.data);
        else skipped.push(parsed.error.issues);
      }
      if (skipped.length > 0) console.warn(`Skipped ${skipped.length} unreadable ${what}`, skipped);
      return { success: true, data };
    },
  };
}

export const EntryList = tolerantList<ScoreboardEntry>(ScoreboardEntrySchema, 'matches');
export const NewsList = tolerantList<NewsItem>(NewsItemSchema, 'news items');
