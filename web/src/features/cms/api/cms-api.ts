import type { z } from 'zod';
import type {
  AdminGuide,
  AdminHighlight,
  AdminMovie,
  AdminPageText,
  AdminStreamSource,
  AdminStreamSourceBodySchema,
  AdminTvChannel,
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
import { authFetch } from '../../../lib/session/auth-fetch.ts';
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
export type { AdminHighlight, AdminMovie, AdminTvChannel };

const get = <T>(path: string, parser: Parser<T>) => authFetch.request(path, { parser });
const send = <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, parser: Parser<T>) =>
  authFetch.request(path, { method, body, parser });
const remove = (path: string) => authFetch.request<unknown>(path, { method: 'DELETE' }).then(() => {});

/** A content collection keyed by id (/admin/content/{name}): list, create or replace (PUT), delete. */
function contentCollection<Item, Body>(name: string, listParser: Parser<Item[]>) {
  const path = (id: string) => `/admin/content/${name}/${segment(id)}`;
  return {
    list: (): Promise<Item[]> => get(`/admin/content/${name}`, listParser),
    put: (id: string, body: Body): Promise<unknown> => send('PUT', path(id), body, P.AnySchema),
    remove: (id: string): Promise<void> => remove(path(id)),
  };
}

/** A payments catalogue (/admin/{name}): list, create (POST), update (PATCH), retire (DELETE: never gone). */
function paymentsCatalogue<Item, CreateBody, UpdateBody>(
  name: string,
  listParser: Parser<Item[]>,
  itemParser: Parser<Item>,
) {
  const path = (key: string) => `/admin/${name}/${segment(key)}`;
  return {
    list: (): Promise<Item[]> => get(`/admin/${name}`, listParser),
    create: (body: CreateBody): Promise<Item> => send('POST', `/admin/${name}`, body, itemParser),
    update: (key: string, body: UpdateBody): Promise<Item> => send('PATCH', path(key), body, itemParser),
    retire: (key: string): Promise<void> => remove(path(key)),
  };
}

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
export const putHotPins = (pins: HotPins): Promise<HotPins> =>
  send('PUT', '/admin/hot-pins', pins, P.HotPinsSchema);

// ---- Stream sources of a match ----

const sourcesPath = (matchId: string) => `/admin/matches/${segment(matchId)}/stream-sources`;
export const listStreamSources = (matchId: string): Promise<AdminStreamSource[]> =>
  get(sourcesPath(matchId), P.AdminStreamSourcesSchema);
export const addStreamSource = (matchId: string, body: StreamSourceBody): Promise<AdminStreamSource> =>
  send('POST', sourcesPath(matchId), body, P.AdminStreamSourceSchema);
export const deleteStreamSource = (matchId: string, sourceId: string): Promise<void> =>
  remove(`${sourcesPath(matchId)}/${segment(sourceId)}`);

// ---- Highlights, movies, TV ----

const highlights = contentCollection<AdminHighlight, HighlightBody>('highlights', P.AdminHighlightsSchema);
export const { list: listHighlights, put: putHighlight, remove: deleteHighlight } = highlights;

const movies = contentCollection<AdminMovie, MovieBody>('movies', P.AdminMoviesSchema);
export const { list: listMovies, put: putMovie, remove: deleteMovie } = movies;

const tv = contentCollection<AdminTvChannel, TvChannelBody>('tv', P.AdminTvChannelsSchema);
export const { list: listTvChannels, put: putTvChannel, remove: deleteTvChannel } = tv;

// ---- Guides and page texts ----

const guidePath = (lang: string, slug: string) => `/admin/content/guides/${segment(lang)}/${segment(slug)}`;
export const listGuides = (lang: string): Promise<AdminGuide[]> =>
  get(`/admin/content/guides?lang=${segment(lang)}`, P.AdminGuidesSchema);
export const putGuide = (lang: string, slug: string, body: GuideBody) =>
  send('PUT', guidePath(lang, slug), body, P.AnySchema);
export const deleteGuide = (lang: string, slug: string) => remove(guidePath(lang, slug));
/** The published guide as visitors get it: `bodyHtml` is the server's inert rendering of the markdown. */
export const getPublicGuide = (lang: string, slug: string): Promise<Guide> =>
  get(`/content/guides/${segment(lang)}/${segment(slug)}`, P.GuideSchema);

const pageTextPath = (page: StaticPage, lang: string) =>
  `/admin/content/pages/${segment(page)}/${segment(lang)}`;
export const listPageTexts = (): Promise<AdminPageText[]> =>
  get('/admin/content/pages', P.AdminPageTextsSchema);
export const putPageText = (page: StaticPage, lang: string, body: PageTextBody) =>
  send('PUT', pageTextPath(page, lang), body, P.AnySchema);
/** Back to the built-in text of the website. */
export const deletePageText = (page: StaticPage, lang: string) => remove(pageTextPath(page, lang));
export const getPublicPageText = (page: StaticPage, lang: string): Promise<PageText> =>
  get(`/content/pages/${segment(page)}/${segment(lang)}`, P.PageTextSchema);

// ---- Plans and deals (the admin API of issue 5) ----

const plans = paymentsCatalogue<AdminPlan, CreatePlanBody, UpdatePlanBody>(
  'plans',
  P.AdminPlansSchema,
  P.AdminPlanSchema,
);
export const { list: listPlans, create: createPlan, update: updatePlan, retire: retirePlan } = plans;

const deals = paymentsCatalogue<AdminDeal, CreateDealBody, UpdateDealBody>(
  'deals',
  P.AdminDealsSchema,
  P.AdminDealSchema,
);
export const { list: listDeals, create: createDeal, update: updateDeal, retire: retireDeal } = deals;
