import express, { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  AdminStreamSourceBodySchema,
  GuideBodySchema,
  HighlightBodySchema,
  HotPinsSchema,
  LanguageSchema,
  MovieBodySchema,
  PageTextBodySchema,
  SlugSchema,
  StaticPageSchema,
  TvChannelBodySchema,
} from '@pitchside/shared/content';
import { IdSchema } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Accounts } from '../auth/accounts.ts';
import { requestContext } from '../auth/request-context.ts';
import { authOf, requireScope, requireUser } from '../auth/require-user.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import { parseInput } from '../rest/http-errors.ts';
import type { Actor } from './content-changes.ts';
import type { ContentStore } from './content-store.ts';

const IdParams = z.object({ id: SlugSchema });
const MatchParams = z.object({ id: IdSchema });
const SourceParams = MatchParams.extend({ sourceId: z.string().regex(/^cms-[a-z0-9]{1,16}$/) });
const GuideParams = z.object({ lang: LanguageSchema, slug: SlugSchema });
const GuidesQuery = z.strictObject({ lang: LanguageSchema.optional() });
const PageParams = z.object({ page: StaticPageSchema, lang: LanguageSchema });

/** Every path this router answers under /api/admin; /login, /users, /plans and /deals are other routers'. */
export const CONTENT_ADMIN_PATHS = ['/hot-pins', '/matches', '/content'];

/**
 * The CMS's API (issue 6, api-contract.md): every route needs a signed-in user holding the `admin` scope
 * (read from the database on every call), bodies are parsed with shared's schemas, and every change is
 * written with its audit row and announced (content-store.ts).
 */
export function contentAdminRoutes(deps: {
  accounts: Accounts;
  store: ContentStore;
  matches: MatchReads;
}): Router {
  const { accounts, store, matches } = deps;
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  router.use(
    CONTENT_ADMIN_PATHS,
    noStore,
    requireUser(accounts),
    requireScope('admin', (uid, scope) => accounts.holdsScope(uid, scope)),
    // Guides run to 100,000 characters of markdown: more room than the accounts' 16 kB bodies.
    express.json({ limit: '512kb' }),
  );
  const actor = (req: Request, res: express.Response): Actor => ({
    auth: authOf(res),
    context: requestContext(req),
  });

  /** A match the read model knows; pins and stream sources of unknown matches are refused. */
  async function knownMatches(ids: readonly string[], path: (i: number) => string): Promise<void> {
    const found = new Set((await matches.entries(ids)).map((e) => e.match.id));
    const issues = ids.flatMap((id, i) =>
      found.has(id) ? [] : [{ path: path(i), message: `no match ${id}`, code: 'match:not-found' }],
    );
    if (issues.length > 0) throw new PitchsideError('request:invalid', 'Unknown matches.', issues);
  }

  router.get('/hot-pins', async (_req, res) => {
    res.json({ data: await store.hotPins.get() });
  });
  router.put('/hot-pins', async (req, res) => {
    const body = parseInput(HotPinsSchema, req.body);
    await knownMatches(body.matchIds, (i) => `matchIds.${i}`);
    res.json({ data: await store.hotPins.set(actor(req, res), body) });
  });

  const matchOf = async (req: Request) => {
    const { id } = parseInput(MatchParams, req.params);
    if ((await matches.entries([id])).length === 0) throw new PitchsideError('match:not-found');
    return id;
  };
  router.get('/matches/:id/stream-sources', async (req, res) => {
    res.json({ data: await store.streamSources.list(await matchOf(req)) });
  });
  router.post('/matches/:id/stream-sources', async (req, res) => {
    const matchId = await matchOf(req);
    const body = parseInput(AdminStreamSourceBodySchema, req.body);
    res.status(201).json({ data: await store.streamSources.add(actor(req, res), matchId, body) });
  });
  router.delete('/matches/:id/stream-sources/:sourceId', async (req, res) => {
    const { id, sourceId } = parseInput(SourceParams, req.params);
    await store.streamSources.remove(actor(req, res), id, sourceId);
    res.json({ data: { matchId: id, id: sourceId } });
  });

  const idOf = (req: Request) => parseInput(IdParams, req.params).id;

  router.get('/content/highlights', async (_req, res) => {
    res.json({ data: await store.highlights.all() });
  });
  router.put('/content/highlights/:id', async (req, res) => {
    const id = idOf(req);
    const body = parseInput(HighlightBodySchema, req.body);
    res.json({ data: await store.highlights.save(actor(req, res), id, body) });
  });
  router.delete('/content/highlights/:id', async (req, res) => {
    const id = idOf(req);
    await store.highlights.delete(actor(req, res), id);
    res.json({ data: { id } });
  });

  router.get('/content/movies', async (_req, res) => {
    res.json({ data: await store.movies.list() });
  });
  router.put('/content/movies/:id', async (req, res) => {
    const id = idOf(req);
    const body = parseInput(MovieBodySchema, req.body);
    res.json({ data: await store.movies.save(actor(req, res), id, body) });
  });
  router.delete('/content/movies/:id', async (req, res) => {
    const id = idOf(req);
    await store.movies.delete(actor(req, res), id);
    res.json({ data: { id } });
  });

  router.get('/content/tv', async (_req, res) => {
    res.json({ data: await store.tv.list() });
  });
  router.put('/content/tv/:id', async (req, res) => {
    const id = idOf(req);
    const body = parseInput(TvChannelBodySchema, req.body);
    res.json({ data: await store.tv.save(actor(req, res), id, body) });
  });
  router.delete('/content/tv/:id', async (req, res) => {
    const id = idOf(req);
    await store.tv.delete(actor(req, res), id);
    res.json({ data: { id } });
  });

  router.get('/content/guides', async (req, res) => {
    res.json({ data: await store.guides.all(parseInput(GuidesQuery, req.query).lang) });
  });
  router.put('/content/guides/:lang/:slug', async (req, res) => {
    const { lang, slug } = parseInput(GuideParams, req.params);
    const body = parseInput(GuideBodySchema, req.body);
    res.json({ data: await store.guides.save(actor(req, res), lang, slug, body) });
  });
  router.delete('/content/guides/:lang/:slug', async (req, res) => {
    const { lang, slug } = parseInput(GuideParams, req.params);
    await store.guides.delete(actor(req, res), lang, slug);
    res.json({ data: { language: lang, slug } });
  });

  router.get('/content/pages', async (_req, res) => {
    res.json({ data: await store.pages.all() });
  });
  router.put('/content/pages/:page/:lang', async (req, res) => {
    const { page, lang } = parseInput(PageParams, req.params);
    const body = parseInput(PageTextBodySchema, req.body);
    res.json({ data: await store.pages.save(actor(req, res), page, lang, body) });
  });
  router.delete('/content/pages/:page/:lang', async (req, res) => {
    const { page, lang } = parseInput(PageParams, req.params);
    await store.pages.delete(actor(req, res), page, lang);
    res.json({ data: { page, language: lang } });
  });

  return router;
}
