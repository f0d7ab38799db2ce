import type { z } from 'zod';
import type {
  AdminGuide,
  AdminPageText,
  AdminStreamSource,
  AdminStreamSourceBodySchema,
  Guide,
  GuideBodySchema,
  HighlightBodySchema,
  HotPins,
  MovieBodySchema,
  PageText,
  PageTextBodySchema,
  StaticPage,
  TvChannelBodySchema,
} from '@pitchside/shared/content';
import type {
  AdminCreateDealBodySchema,
  AdminCreatePlanBodySchema,
  AdminDeal,
  AdminPlan,
  AdminUpdateDealBodySchema,
  AdminUpdatePlanBodySchema,
} from '@pitchside/shared/payments';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
// The one bearer client of the site (refresh, retry, timeouts): every CMS call is an admin account call.
import { authFetch } from '../../auth/api/auth-fetch.ts';
import type { Parser } from '../../../lib/envelope.ts';
import * as P from './cms-parsers.ts';

/**
 * Every call of the CMS (docs: notes/api-contract.md; shapes: shared/src/content and shared/src/payments),
 * through the session's bearer client. Admin calls need the `admin` scope: without it the gateway answers
 * 403 auth:forbidden, which rejects like any failure with a PitchsideError (code, and field issues for a
 * 400). The public reads here (matches to pick, a rendered guide or page text) go through it as well: one
 * client, one error shape for the forms.
 */
const segment = encodeURIComponent;

export type HighlightBody = z.input<typeof HighlightBodySchema>;
export type MovieBody = z.input<typeof MovieBodySchema>;
export type TvChannelBody = z.input<typeof TvChannelBodySchema>;
export type GuideBody = z.input<typeof GuideBodySchema>;
export type PageTextBody = z.input<typeof PageTextBodySchema>;
export type StreamSourceBody = z.input<typeof AdminStreamSourceBodySchema>;
export type CreatePlanBody = z.input<typeof AdminCreatePlanBodySchema>;
export type UpdatePlanBody = z.input<typeof AdminUpdatePlanBodySchema>;
export type CreateDealBody = z.input<typeof AdminCreateDealBodySchema>;
export type UpdateDealBody = z.input<typeof AdminUpdateDealBodySchema>;
export type { AdminHighlight, AdminMovie, AdminTvChannel } from '@pitchside/shared/content';

const get = <T>(path: string, parser: Parser<T>) => authFetch.request(path, { parser });
const put = <T>(path: string, body: unknown, parser: Parser<T>) =>
  authFetch.request(path, { method: 'PUT', body, parser });
const remove = (path: string) => authFetch.request<unknown>(path, { method: 'DELETE' }).then(() => {});

// ---- Matches to pick (public reads) ----

/** Today's matches in the operator's time zone, the live ones and the hot ones, each match once. */
export async function fetchPickableMatches(day: string, timeZone: string): Promise<ScoreboardEntry[]> {
  const lists = await Promise.all([
    get('/matches/hot', P.TolerantEntriesSchema),
    get('/matches/live', P.TolerantEntriesSchema),
    get(`/matches?${new URLSearchParams({ date: day, tz: timeZone })}`, P.TolerantEntriesSchema),
  ]);
  const seen = new Map<string, ScoreboardEntry>();
  for (const entry of lists.flat()) if (!seen.has(entry.match.id)) seen.set(entry.match.id, entry);
  return [...seen.values()];
}

// ---- Hot matches ----

export const getHotPins = (): Promise<HotPins> => get('/admin/hot-pins', P.HotPinsSchema);
export const putHotPins = (pins: HotPins): Promise<HotPins> => put('/admin/hot-pins', pins, P.HotPinsSchema);

// ---- Stream sources of a match ----

const sourcesPath = (matchId: string) => `/admin/matches/${segment(matchId)}/stream-sources`;
export const listStreamSources = (matchId: string): Promise<AdminStreamSource[]> =>
  get(sourcesPath(matchId), P.AdminStreamSourcesSchema);
export const addStreamSource = (matchId: string, body: StreamSourceBody): Promise<AdminStreamSource> =>
  authFetch.request(sourcesPath(matchId), { method: 'POST', body, parser: P.AdminStreamSourceSchema });
export const deleteStreamSource = (matchId: string, sourceId: string): Promise<void> =>
  remove(`${sourcesPath(matchId)}/${segment(sourceId)}`);

// ---- Highlights, movies, TV ----

export const listHighlights = () => get('/admin/content/highlights', P.AdminHighlightsSchema);
export const putHighlight = (id: string, body: HighlightBody) =>
  put(`/admin/content/highlights/${segment(id)}`, body, P.AnySchema);
export const deleteHighlight = (id: string) => remove(`/admin/content/highlights/${segment(id)}`);

export const listMovies = () => get('/admin/content/movies', P.AdminMoviesSchema);
export const putMovie = (id: string, body: MovieBody) =>
  put(`/admin/content/movies/${segment(id)}`, body, P.AnySchema);
export const deleteMovie = (id: string) => remove(`/admin/content/movies/${segment(id)}`);

export const listTvChannels = () => get('/admin/content/tv', P.AdminTvChannelsSchema);
export const putTvChannel = (id: string, body: TvChannelBody) =>
  put(`/admin/content/tv/${segment(id)}`, body, P.AnySchema);
export const deleteTvChannel = (id: string) => remove(`/admin/content/tv/${segment(id)}`);

// ---- Guides and page texts ----

const guidePath = (lang: string, slug: string) => `/admin/content/guides/${segment(lang)}/${segment(slug)}`;
export const listGuides = (lang: string): Promise<AdminGuide[]> =>
  get(`/admin/content/guides?lang=${segment(lang)}`, P.AdminGuidesSchema);
export const putGuide = (lang: string, slug: string, body: GuideBody) =>
  put(guidePath(lang, slug), body, P.AnySchema);
export const deleteGuide = (lang: string, slug: string) => remove(guidePath(lang, slug));
/** The published guide as visitors get it: `bodyHtml` is the server's inert rendering of the markdown. */
export const getPublicGuide = (lang: string, slug: string): Promise<Guide> =>
  get(`/content/guides/${segment(lang)}/${segment(slug)}`, P.GuideSchema);

const pageTextPath = (page: StaticPage, lang: string) =>
  `/admin/content/pages/${segment(page)}/${segment(lang)}`;
export const listPageTexts = (): Promise<AdminPageText[]> =>
  get('/admin/content/pages', P.AdminPageTextsSchema);
export const putPageText = (page: StaticPage, lang: string, body: PageTextBody) =>
  put(pageTextPath(page, lang), body, P.AnySchema);
/** Back to the built-in text of the website. */
export const deletePageText = (page: StaticPage, lang: string) => remove(pageTextPath(page, lang));
export const getPublicPageText = (page: StaticPage, lang: string): Promise<PageText> =>
  get(`/content/pages/${segment(page)}/${segment(lang)}`, P.PageTextSchema);

// ---- Plans and deals (the admin API of issue 5) ----

export const listPlans = (): Promise<AdminPlan[]> => get('/admin/plans', P.AdminPlansSchema);
export const createPlan = (body: CreatePlanBody): Promise<AdminPlan> =>
  authFetch.request('/admin/plans', { method: 'POST', body, parser: P.AdminPlanSchema });
export const updatePlan = (id: string, body: UpdatePlanBody): Promise<AdminPlan> =>
  authFetch.request(`/admin/plans/${segment(id)}`, { method: 'PATCH', body, parser: P.AdminPlanSchema });
export const retirePlan = (id: string): Promise<void> => remove(`/admin/plans/${segment(id)}`);

export const listDeals = (): Promise<AdminDeal[]> => get('/admin/deals', P.AdminDealsSchema);
export const createDeal = (body: CreateDealBody): Promise<AdminDeal> =>
  authFetch.request('/admin/deals', { method: 'POST', body, parser: P.AdminDealSchema });
export const updateDeal = (code: string, body: UpdateDealBody): Promise<AdminDeal> =>
  authFetch.request(`/admin/deals/${segment(code)}`, { method: 'PATCH', body, parser: P.AdminDealSchema });
export const retireDeal = (code: string): Promise<void> => remove(`/admin/deals/${segment(code)}`);
