import type { NewsItem } from '@pitchside/shared/domain';
import type { Ack, ScoreboardEntry } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';

/**
 * The REST reads of the match-list pages. Lists are read item by item, leaving out an item the site
 * cannot read (match-list-parsers.ts); the parsers come in a chunk of their own, fetched with the first
 * request (envelope.ts `LazyParser`).
 */
const parsers = () => import('./match-list-parsers.ts');
const EntryList = lazyParser(parsers, (m) => m.EntryList);
const NewsList = lazyParser(parsers, (m) => m.NewsList);

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

/**
 * GET /api/news?team=…&sport=…: the stories of that sport naming every one of these teams, newest first: a
 * match's (its preview and report) with both of its teams, a team's with one. The sport keeps Real Madrid's
 * basketball reports off the football club's pages.
 */
export const fetchNewsAbout = (
  about: { teams: readonly string[]; sport: string },
  limit: number,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<NewsItem[]>> =>
  api.get(
    `/news?${new URLSearchParams([
      ...about.teams.map((team) => ['team', team]),
      ['sport', about.sport],
      ['limit', String(limit)],
    ])}`,
    NewsList,
    signal,
  );
