import { NewsItemSchema, type NewsItem } from '@pitchside/shared/domain';
import { ScoreboardEntrySchema, type Ack, type ScoreboardEntry } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import type { Parser } from '../../../lib/envelope.ts';

/**
 * The REST reads of the match-list pages. Lists are read item by item: one item the site cannot read (a
 * status or a sport added upstream before this build knows it) is left out with a warning, so the rest of
 * the day still shows instead of an error page.
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

const EntryList = tolerantList<ScoreboardEntry>(ScoreboardEntrySchema, 'matches');
const NewsList = tolerantList<NewsItem>(NewsItemSchema, 'news items');

/** GET /api/matches?date=&tz=: the matches of a calendar day in a time zone, by kickoff. */
export const fetchDayMatches = (
  date: string,
  timeZone: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<ScoreboardEntry[]>> =>
  api.get(`/matches?${new URLSearchParams({ date, tz: timeZone })}`, EntryList, signal);

/** GET /api/matches/hot: the matches of the moment, most prominent first (the order is the ranking). */
export const fetchHotMatches = (
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<ScoreboardEntry[]>> => api.get('/matches/hot', EntryList, signal);

/** GET /api/matches/live, read with the same tolerance. */
export const fetchLiveList = (
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<ScoreboardEntry[]>> => api.get('/matches/live', EntryList, signal);

/** GET /api/news?limit=: the latest stories of the match feed, newest first. */
export const fetchNews = (
  limit: number,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<NewsItem[]>> => api.get(`/news?limit=${limit}`, NewsList, signal);
