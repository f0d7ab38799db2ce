import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  VIDEO_EMBED_HOSTS,
  contentTopics,
  type AdminGuide,
  type AdminHighlight,
  type AdminMovie,
  type AdminPageText,
  type AdminStreamSource,
  type AdminStreamSourceBodySchema,
  type AdminTvChannel,
  type ContentTopic,
  type Guide,
  type GuideBodySchema,
  type GuideSummary,
  type HighlightBodySchema,
  type HotPins,
  type MovieBodySchema,
  type PageText,
  type PageTextBodySchema,
  type StaticPage,
  type TvChannelBodySchema,
  type TvProgramme,
  type Video,
} from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import { audit, type AuditEvent } from '../auth/audit-log.ts';
import type { AuthContext } from '../auth/require-user.ts';
import type { RequestContext } from '../auth/social/social-profile.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { ContentHub } from './content-hub.ts';
import { renderMarkdown } from './markdown.ts';

type Access = 'free' | 'premium';

interface HighlightRow {
  id: string;
  match_id: string | null;
  title: string;
  video_kind: Video['kind'];
  video_url: string;
  poster_url: string | null;
  duration_s: number | null;
  published_at: Date;
  updated_at: Date;
}
interface MovieRow {
  id: string;
  title: string;
  synopsis: string;
  year: number | null;
  poster_url: string | null;
  access: Access;
  video_kind: Video['kind'];
  video_url: string;
  position: number;
  updated_at: Date;
}
interface TvRow {
  id: string;
  name: string;
  logo_url: string | null;
  access: Access;
  hls: string;
  schedule: TvProgramme[];
  position: number;
  updated_at: Date;
}
interface StreamSourceRow {
  id: string;
  match_id: string;
  label: string;
  access: Access;
  hls: string;
  created_at: Date;
}
interface GuideRow {
  slug: string;
  language: Language;
  title: string;
  summary: string;
  body: string;
  published: boolean;
  updated_at: Date;
}
interface PageRow {
  page: StaticPage;
  language: Language;
  title: string;
  body: string;
  updated_at: Date;
}

/** Ids the gateway makes up for the provider's highlight clips (provider-highlights.ts): not for operators. */
export const PROVIDER_HIGHLIGHT_PREFIX = 'provider-';

/** Who changed what, for the audit log. */
export interface Actor {
  auth: AuthContext;
  context: RequestContext;
}

export const toAdminHighlight = (row: HighlightRow): AdminHighlight => ({
  id: row.id,
  matchId: row.match_id,
  title: row.title,
  video: { kind: row.video_kind, url: row.video_url },
  posterUrl: row.poster_url,
  durationS: row.duration_s,
  publishedAt: row.published_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
const toAdminMovie = (row: MovieRow): AdminMovie => ({
  id: row.id,
  title: row.title,
  synopsis: row.synopsis,
  year: row.year,
  posterUrl: row.poster_url,
  access: row.access,
  position: row.position,
  video: { kind: row.video_kind, url: row.video_url },
  updatedAt: row.updated_at.toISOString(),
});
const toAdminTv = (row: TvRow): AdminTvChannel => ({
  id: row.id,
  name: row.name,
  logoUrl: row.logo_url,
  access: row.access,
  schedule: row.schedule,
  position: row.position,
  hls: row.hls,
  updatedAt: row.updated_at.toISOString(),
});
const toStreamSource = (row: StreamSourceRow): AdminStreamSource => ({
  id: row.id,
  matchId: row.match_id,
  label: row.label,
  access: row.access,
  hls: row.hls,
  createdAt: row.created_at.toISOString(),
});
const toAdminGuide = (row: GuideRow): AdminGuide => ({
  slug: row.slug,
  language: row.language,
  title: row.title,
  summary: row.summary,
  updatedAt: row.updated_at.toISOString(),
  body: row.body,
  published: row.published,
});
const toAdminPage = (row: PageRow): AdminPageText => ({
  page: row.page,
  language: row.language,
  title: row.title,
  body: row.body,
  updatedAt: row.updated_at.toISOString(),
});

/** An `embed` must be the player of a known video host, over https; hls/mp4 play through our proxy. */
export function checkVideo(video: Video, path = 'video.url'): void {
  if (video.kind !== 'embed') return;
  const url = new URL(video.url);
  if (url.protocol !== 'https:' || !(VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname)) {
    throw new PitchsideError('content:invalid-video', undefined, [
      {
        path,
        message: `embedded videos must come from ${VIDEO_EMBED_HOSTS.join(', ')}`,
        code: 'content:invalid-video',
      },
    ]);
  }
}

const HIGHLIGHT_COLUMNS =
  'id, match_id, title, video_kind, video_url, poster_url, duration_s, published_at, updated_at';
const MOVIE_COLUMNS =
  'id, title, synopsis, year, poster_url, access, video_kind, video_url, position, updated_at';
const TV_COLUMNS = 'id, name, logo_url, access, hls, schedule, position, updated_at';

/**
 * Operator-managed content (issue 6) over the Db: the public reads, and the admin writes, each in one
 * transaction with its audit row (detail: ids only), then announced on the content channel once committed.
 */
export class ContentStore {
  constructor(
    private readonly db: Db,
    private readonly hub: ContentHub,
  ) {}

  // ---- Hot pins --------------------------------------------------------------------------------------

  async hotPins(): Promise<HotPins> {
    const rows = await this.db.query<{ match_id: string }>(
      'SELECT match_id FROM hot_pins ORDER BY position, match_id',
    );
    return { matchIds: rows.map((r) => r.match_id) };
  }

  async setHotPins(actor: Actor, pins: HotPins): Promise<HotPins> {
    const matchIds = [...new Set(pins.matchIds)];
    await this.change(actor, 'hot-pins.updated', { matchIds }, [contentTopics.hotMatches], async (tx) => {
      await tx.query('DELETE FROM hot_pins');
      for (const [position, matchId] of matchIds.entries()) {
        await tx.query('INSERT INTO hot_pins (match_id, position) VALUES ($1, $2)', [matchId, position]);
      }
    });
    return this.hotPins();
  }

  // ---- Stream sources of matches ---------------------------------------------------------------------

  async streamSources(matchId: string): Promise<AdminStreamSource[]> {
    const rows = await this.db.query<StreamSourceRow>(
      'SELECT * FROM match_stream_sources WHERE match_id = $1 ORDER BY created_at, id',
      [matchId],
    );
    return rows.map(toStreamSource);
  }

  async addStreamSource(
    actor: Actor,
    matchId: string,
    body: z.infer<typeof AdminStreamSourceBodySchema>,
  ): Promise<AdminStreamSource> {
    // Provider feed ids are short words (`main`, `stadium`): ours never collide with them.
    const id = `cms-${randomUUID().slice(0, 8)}`;
    const topics = [contentTopics.matchStreams(matchId)];
    const [row] = await this.change(
      actor,
      'content.stream-source.added',
      { matchId, sourceId: id },
      topics,
      (tx) =>
        tx.query<StreamSourceRow>(
          `INSERT INTO match_stream_sources (id, match_id, label, access, hls) VALUES ($1, $2, $3, $4, $5)
           RETURNING *`,
          [id, matchId, body.label, body.access, body.hls],
        ),
    );
    return toStreamSource(row!);
  }

  async removeStreamSource(actor: Actor, matchId: string, sourceId: string): Promise<void> {
    const topics = [contentTopics.matchStreams(matchId)];
    await this.change(actor, 'content.stream-source.removed', { matchId, sourceId }, topics, async (tx) => {
      const rows = await tx.query(
        'DELETE FROM match_stream_sources WHERE match_id = $1 AND id = $2 RETURNING id',
        [matchId, sourceId],
      );
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }

  // ---- Highlights ------------------------------------------------------------------------------------

  async highlights(query: { matchId?: string; limit: number }): Promise<AdminHighlight[]> {
    const rows = await this.db.query<HighlightRow>(
      `SELECT ${HIGHLIGHT_COLUMNS} FROM highlights
        WHERE ($1::text IS NULL OR match_id = $1::text) AND published_at <= $3
        ORDER BY published_at DESC, id LIMIT $2`,
      [query.matchId ?? null, query.limit, new Date()],
    );
    return rows.map(toAdminHighlight);
  }

  async highlight(id: string): Promise<AdminHighlight> {
    const [row] = await this.db.query<HighlightRow>(
      `SELECT ${HIGHLIGHT_COLUMNS} FROM highlights WHERE id = $1`,
      [id],
    );
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminHighlight(row);
  }

  async adminHighlights(): Promise<AdminHighlight[]> {
    const rows = await this.db.query<HighlightRow>(
      `SELECT ${HIGHLIGHT_COLUMNS} FROM highlights ORDER BY published_at DESC, id`,
    );
    return rows.map(toAdminHighlight);
  }

  async saveHighlight(
    actor: Actor,
    id: string,
    body: z.infer<typeof HighlightBodySchema>,
  ): Promise<AdminHighlight> {
    if (id.startsWith(PROVIDER_HIGHLIGHT_PREFIX)) {
      throw new PitchsideError(
        'request:invalid',
        `Ids starting with ${PROVIDER_HIGHLIGHT_PREFIX} are reserved.`,
        [{ path: 'id', message: 'reserved for the streaming provider', code: 'invalid_format' }],
      );
    }
    checkVideo(body.video);
    const [row] = await this.change(
      actor,
      'content.highlight.saved',
      { highlightId: id, matchId: body.matchId },
      [contentTopics.highlights],
      (tx) =>
        tx.query<HighlightRow>(
          `INSERT INTO highlights (id, match_id, title, video_kind, video_url, poster_url, duration_s, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, $9::timestamptz))
           ON CONFLICT (id) DO UPDATE SET match_id = excluded.match_id, title = excluded.title,
             video_kind = excluded.video_kind, video_url = excluded.video_url, poster_url = excluded.poster_url,
             duration_s = excluded.duration_s,
             published_at = coalesce($8::timestamptz, highlights.published_at), updated_at = now()
           RETURNING ${HIGHLIGHT_COLUMNS}`,
          [
            id,
            body.matchId,
            body.title,
            body.video.kind,
            body.video.url,
            body.posterUrl,
            body.durationS,
            body.publishedAt ?? null,
            new Date(),
          ],
        ),
    );
    return toAdminHighlight(row!);
  }

  deleteHighlight(actor: Actor, id: string): Promise<void> {
    return this.remove(
      actor,
      'content.highlight.deleted',
      { highlightId: id },
      [contentTopics.highlights],
      'highlights',
      id,
    );
  }

  // ---- Movies ----------------------------------------------------------------------------------------

  async movies(): Promise<AdminMovie[]> {
    const rows = await this.db.query<MovieRow>(
      `SELECT ${MOVIE_COLUMNS} FROM movies ORDER BY position, title, id`,
    );
    return rows.map(toAdminMovie);
  }

  async movie(id: string): Promise<AdminMovie> {
    const [row] = await this.db.query<MovieRow>(`SELECT ${MOVIE_COLUMNS} FROM movies WHERE id = $1`, [id]);
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminMovie(row);
  }

  async saveMovie(actor: Actor, id: string, body: z.infer<typeof MovieBodySchema>): Promise<AdminMovie> {
    checkVideo(body.video);
    const [row] = await this.change(
      actor,
      'content.movie.saved',
      { movieId: id },
      [contentTopics.movies],
      (tx) =>
        tx.query<MovieRow>(
          `INSERT INTO movies (id, title, synopsis, year, poster_url, access, video_kind, video_url, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (id) DO UPDATE SET title = excluded.title, synopsis = excluded.synopsis,
           year = excluded.year, poster_url = excluded.poster_url, access = excluded.access,
           video_kind = excluded.video_kind, video_url = excluded.video_url, position = excluded.position,
           updated_at = now()
         RETURNING ${MOVIE_COLUMNS}`,
          [
            id,
            body.title,
            body.synopsis,
            body.year,
            body.posterUrl,
            body.access,
            body.video.kind,
            body.video.url,
            body.position,
          ],
        ),
    );
    return toAdminMovie(row!);
  }

  deleteMovie(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'content.movie.deleted', { movieId: id }, [contentTopics.movies], 'movies', id);
  }

  // ---- TV --------------------------------------------------------------------------------------------

  async tvChannels(): Promise<AdminTvChannel[]> {
    const rows = await this.db.query<TvRow>(
      `SELECT ${TV_COLUMNS} FROM tv_channels ORDER BY position, name, id`,
    );
    return rows.map(toAdminTv);
  }

  async tvChannel(id: string): Promise<AdminTvChannel> {
    const [row] = await this.db.query<TvRow>(`SELECT ${TV_COLUMNS} FROM tv_channels WHERE id = $1`, [id]);
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminTv(row);
  }

  async saveTvChannel(
    actor: Actor,
    id: string,
    body: z.infer<typeof TvChannelBodySchema>,
  ): Promise<AdminTvChannel> {
    checkSchedule(body.schedule);
    const [row] = await this.change(actor, 'content.tv.saved', { channelId: id }, [contentTopics.tv], (tx) =>
      tx.query<TvRow>(
        `INSERT INTO tv_channels (id, name, logo_url, access, hls, schedule, position)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, logo_url = excluded.logo_url,
           access = excluded.access, hls = excluded.hls, schedule = excluded.schedule,
           position = excluded.position, updated_at = now()
         RETURNING ${TV_COLUMNS}`,
        [id, body.name, body.logoUrl, body.access, body.hls, JSON.stringify(body.schedule), body.position],
      ),
    );
    return toAdminTv(row!);
  }

  deleteTvChannel(actor: Actor, id: string): Promise<void> {
    return this.remove(actor, 'content.tv.deleted', { channelId: id }, [contentTopics.tv], 'tv_channels', id);
  }

  // ---- Guides ----------------------------------------------------------------------------------------

  async guides(language: Language): Promise<GuideSummary[]> {
    const rows = await this.db.query<GuideRow>(
      `SELECT * FROM guides WHERE language = $1 AND published ORDER BY updated_at DESC, slug`,
      [language],
    );
    return rows.map((row) => {
      const { body: _body, published: _published, ...summary } = toAdminGuide(row);
      return summary;
    });
  }

  /** Every published guide's slug with the languages it exists in (for the sitemap). */
  async publishedGuideLanguages(): Promise<{ slug: string; languages: Language[] }[]> {
    return this.db.query<{ slug: string; languages: Language[] }>(
      `SELECT slug, array_agg(language ORDER BY language) AS languages
         FROM guides WHERE published GROUP BY slug ORDER BY slug`,
    );
  }

  async guide(language: Language, slug: string): Promise<Guide> {
    const [row] = await this.db.query<GuideRow>(
      'SELECT * FROM guides WHERE slug = $1 AND language = $2 AND published',
      [slug, language],
    );
    if (!row) throw new PitchsideError('content:not-found');
    const languages = await this.db.query<{ language: Language }>(
      'SELECT language FROM guides WHERE slug = $1 AND published ORDER BY language',
      [slug],
    );
    return {
      slug: row.slug,
      language: row.language,
      title: row.title,
      summary: row.summary,
      updatedAt: row.updated_at.toISOString(),
      bodyHtml: renderMarkdown(row.body),
      languages: languages.map((l) => l.language),
    };
  }

  async adminGuides(language?: Language): Promise<AdminGuide[]> {
    const rows = await this.db.query<GuideRow>(
      'SELECT * FROM guides WHERE ($1::text IS NULL OR language = $1::text) ORDER BY language, slug',
      [language ?? null],
    );
    return rows.map(toAdminGuide);
  }

  async saveGuide(
    actor: Actor,
    language: Language,
    slug: string,
    body: z.infer<typeof GuideBodySchema>,
  ): Promise<AdminGuide> {
    const [row] = await this.change(
      actor,
      'content.guide.saved',
      { slug, language },
      [contentTopics.guides(language)],
      (tx) =>
        tx.query<GuideRow>(
          `INSERT INTO guides (slug, language, title, summary, body, published) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (slug, language) DO UPDATE SET title = excluded.title, summary = excluded.summary,
             body = excluded.body, published = excluded.published, updated_at = now()
           RETURNING *`,
          [slug, language, body.title, body.summary, body.body, body.published],
        ),
    );
    return toAdminGuide(row!);
  }

  async deleteGuide(actor: Actor, language: Language, slug: string): Promise<void> {
    const topics = [contentTopics.guides(language)];
    await this.change(actor, 'content.guide.deleted', { slug, language }, topics, async (tx) => {
      const rows = await tx.query('DELETE FROM guides WHERE slug = $1 AND language = $2 RETURNING slug', [
        slug,
        language,
      ]);
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }

  // ---- Static page texts -----------------------------------------------------------------------------

  async pageText(page: StaticPage, language: Language): Promise<PageText> {
    const [row] = await this.db.query<PageRow>('SELECT * FROM page_texts WHERE page = $1 AND language = $2', [
      page,
      language,
    ]);
    if (!row) throw new PitchsideError('content:not-found');
    return {
      page: row.page,
      language: row.language,
      title: row.title,
      bodyHtml: renderMarkdown(row.body),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async adminPageTexts(): Promise<AdminPageText[]> {
    const rows = await this.db.query<PageRow>('SELECT * FROM page_texts ORDER BY page, language');
    return rows.map(toAdminPage);
  }

  async savePageText(
    actor: Actor,
    page: StaticPage,
    language: Language,
    body: z.infer<typeof PageTextBodySchema>,
  ): Promise<AdminPageText> {
    const [row] = await this.change(
      actor,
      'content.page.saved',
      { page, language },
      [contentTopics.page(page, language)],
      (tx) =>
        tx.query<PageRow>(
          `INSERT INTO page_texts (page, language, title, body) VALUES ($1, $2, $3, $4)
           ON CONFLICT (page, language) DO UPDATE SET title = excluded.title, body = excluded.body,
             updated_at = now()
           RETURNING *`,
          [page, language, body.title, body.body],
        ),
    );
    return toAdminPage(row!);
  }

  async deletePageText(actor: Actor, page: StaticPage, language: Language): Promise<void> {
    const topics = [contentTopics.page(page, language)];
    await this.change(actor, 'content.page.deleted', { page, language }, topics, async (tx) => {
      const rows = await tx.query('DELETE FROM page_texts WHERE page = $1 AND language = $2 RETURNING page', [
        page,
        language,
      ]);
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }

  // ---- Plumbing --------------------------------------------------------------------------------------

  /** The write and its audit row in one transaction; announced once it committed. */
  private async change<T>(
    actor: Actor,
    event: AuditEvent,
    detail: Record<string, unknown>,
    topics: ContentTopic[],
    write: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const written = await write(tx);
      await audit(tx, event, {
        userId: actor.auth.userId,
        sessionId: actor.auth.sessionId,
        ip: actor.context.ip,
        userAgent: actor.context.userAgent,
        detail,
      });
      return written;
    });
    await this.hub.announce(...topics);
    return result;
  }

  private remove(
    actor: Actor,
    event: AuditEvent,
    detail: Record<string, unknown>,
    topics: ContentTopic[],
    table: 'highlights' | 'movies' | 'tv_channels',
    id: string,
  ): Promise<void> {
    return this.change(actor, event, detail, topics, async (tx) => {
      const rows = await tx.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }
}

/** Programmes in time order, each ending after it starts, none overlapping the next. */
function checkSchedule(schedule: readonly TvProgramme[]): void {
  const issues: { path: string; message: string; code: string }[] = [];
  schedule.forEach((programme, i) => {
    const start = Date.parse(programme.startsAt);
    if (Date.parse(programme.endsAt) <= start)
      issues.push({ path: `schedule.${i}.endsAt`, message: 'ends before it starts', code: 'too_small' });
    const previous = schedule[i - 1];
    if (previous && Date.parse(previous.endsAt) > start)
      issues.push({
        path: `schedule.${i}.startsAt`,
        message: 'starts before the previous programme ends',
        code: 'too_small',
      });
  });
  if (issues.length > 0) throw new PitchsideError('request:invalid', 'The schedule is not valid.', issues);
}
