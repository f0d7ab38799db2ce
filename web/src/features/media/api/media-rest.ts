import type {
  Guide,
  GuideSummary,
  Highlight,
  Movie,
  PageText,
  StaticPage,
  TvChannel,
} from '@pitchside/shared/content';
import type { Ack } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';

/**
 * The public content reads (api-contract.md, GET /api/content/...), run by the media and text pages'
 * loaders on the server and in the browser. The parsers come in a chunk of their own (media-parsers.ts).
 */
const parsers = () => import('./media-parsers.ts');
const HighlightsSchema = lazyParser(parsers, (m) => m.HighlightsSchema);
const MoviesSchema = lazyParser(parsers, (m) => m.MoviesSchema);
const TvChannelsSchema = lazyParser(parsers, (m) => m.TvChannelsSchema);
const GuideSummariesSchema = lazyParser(parsers, (m) => m.GuideSummariesSchema);
const GuideSchema = lazyParser(parsers, (m) => m.GuideSchema);
const PageTextSchema = lazyParser(parsers, (m) => m.PageTextSchema);

const segment = encodeURIComponent;

export interface HighlightsQuery {
  /** One match's highlights; without it the latest of all. */
  matchId?: string;
  limit?: number;
}

/** Highlights, newest first. */
export function fetchHighlights(
  query: HighlightsQuery,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Highlight[]>> {
  const search = new URLSearchParams();
  if (query.matchId) search.set('matchId', query.matchId);
  if (query.limit) search.set('limit', String(query.limit));
  const qs = search.toString();
  return api.get(`/content/highlights${qs ? `?${qs}` : ''}`, HighlightsSchema, signal);
}

/** The film catalogue, in the operators' order. */
export const fetchMovies = (signal?: AbortSignal, api: ApiClient = browserApi): Promise<Ack<Movie[]>> =>
  api.get('/content/movies', MoviesSchema, signal);

/** The TV channels, each with its schedule from now on. */
export const fetchTvChannels = (
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<TvChannel[]>> => api.get('/content/tv', TvChannelsSchema, signal);

/** The published guides of a language. */
export const fetchGuides = (
  language: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<GuideSummary[]>> =>
  api.get(`/content/guides?lang=${segment(language)}`, GuideSummariesSchema, signal);

/** One guide in one language (404 `content:not-found`). */
export const fetchGuide = (
  language: string,
  slug: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<Guide>> =>
  api.get(`/content/guides/${segment(language)}/${segment(slug)}`, GuideSchema, signal);

/** The operators' text of a static page in a language; 404 `content:not-found` when they kept the built-in one. */
export const fetchPageText = (
  page: StaticPage,
  language: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<PageText>> =>
  api.get(`/content/pages/${segment(page)}/${segment(language)}`, PageTextSchema, signal);
