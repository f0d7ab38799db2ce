import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  LanguageSchema,
  SlugSchema,
  StaticPageSchema,
  type AdminMovie,
  type AdminTvChannel,
  type Highlight,
  type Movie,
  type TvChannel,
} from '@pitchside/shared/content';
import { IdSchema } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { parseInput } from '../rest/http-errors.ts';
import { publicVideo } from './content-media.ts';
import type { ContentStore } from './content-store.ts';
import { PROVIDER_HIGHLIGHT_PREFIX } from './highlight-store.ts';
import { providerHighlightId, type ProviderClip, type ProviderHighlights } from './provider-highlights.ts';

const HighlightsQuery = z.strictObject({
  matchId: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
const IdParams = z.object({ id: SlugSchema });
const GuidesQuery = z.strictObject({ lang: LanguageSchema });
const GuideParams = z.object({ lang: LanguageSchema, slug: SlugSchema });
const PageParams = z.object({ page: StaticPageSchema, lang: LanguageSchema });

/**
 * Operators' content changes rarely but must show at once after a `content:changed` push: caches keep it
 * and ask again every time (the weak ETag makes that a 304).
 */
const revalidate: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'public, no-cache');
  next();
};

const clipHighlight = (clip: ProviderClip): Highlight => {
  const id = providerHighlightId(clip.matchId, clip.id);
  return {
    id,
    matchId: clip.matchId,
    title: clip.title,
    video: publicVideo(id, { kind: 'hls', url: clip.hls }),
    posterUrl: clip.posterUrl,
    durationS: clip.durationS,
    publishedAt: clip.publishedAt,
  };
};

const byNewest = (a: Highlight, b: Highlight) =>
  b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id);

/** The public reads of /api/content (api-contract.md): no sign-in, published content only. */
export function contentRoutes(deps: { store: ContentStore; providerHighlights: ProviderHighlights }): Router {
  const { store, providerHighlights } = deps;
  const router = Router();
  router.use(revalidate);

  router.get('/highlights', async (req, res) => {
    const { matchId, limit } = parseInput(HighlightsQuery, req.query);
    const [ours, clips] = await Promise.all([
      store.highlights.published({ matchId, limit }),
      matchId ? providerHighlights.forMatch(matchId) : providerHighlights.latestClips(),
    ]);
    const list: Highlight[] = [
      ...ours.map(({ updatedAt: _updatedAt, ...h }) => ({ ...h, video: publicVideo(h.id, h.video) })),
      ...clips.map(clipHighlight),
    ];
    res.json({ data: list.sort(byNewest).slice(0, limit) });
  });

  router.get('/highlights/:id', async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    if (id.startsWith(PROVIDER_HIGHLIGHT_PREFIX)) {
      const clip = await providerHighlights.find(id);
      if (!clip) throw new PitchsideError('content:not-found');
      res.json({ data: clipHighlight(clip) });
      return;
    }
    const { updatedAt: _updatedAt, ...highlight } = await store.highlights.get(id);
    res.json({ data: { ...highlight, video: publicVideo(id, highlight.video) } satisfies Highlight });
  });

  const publicMovie = ({ video: _video, updatedAt: _updatedAt, ...movie }: AdminMovie): Movie => movie;
  router.get('/movies', async (_req, res) => {
    res.json({ data: (await store.movies.list()).map(publicMovie) });
  });
  router.get('/movies/:id', async (req, res) => {
    res.json({ data: publicMovie(await store.movies.get(parseInput(IdParams, req.params).id)) });
  });

  /** A channel as visitors see it: the schedule from the programme on now onwards, no origin. */
  const publicChannel = ({ hls: _hls, updatedAt: _updatedAt, ...channel }: AdminTvChannel): TvChannel => {
    const now = Date.now();
    return { ...channel, schedule: channel.schedule.filter((p) => Date.parse(p.endsAt) > now) };
  };
  router.get('/tv', async (_req, res) => {
    res.json({ data: (await store.tv.list()).map(publicChannel) });
  });
  router.get('/tv/:id', async (req, res) => {
    res.json({ data: publicChannel(await store.tv.get(parseInput(IdParams, req.params).id)) });
  });

  router.get('/guides', async (req, res) => {
    res.json({ data: await store.guides.published(parseInput(GuidesQuery, req.query).lang) });
  });
  router.get('/guides/:lang/:slug', async (req, res) => {
    const { lang, slug } = parseInput(GuideParams, req.params);
    res.json({ data: await store.guides.get(lang, slug) });
  });

  router.get('/pages/:page/:lang', async (req, res) => {
    const { page, lang } = parseInput(PageParams, req.params);
    res.json({ data: await store.pages.get(page, lang) });
  });

  return router;
}
