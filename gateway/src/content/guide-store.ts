import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contentTopics,
  type AdminGuide,
  type Guide,
  type GuideBodySchema,
  type GuideSummary,
} from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Guides } from '../db/database.ts';
import type { Actor, ContentChanges } from './content-changes.ts';
import { renderMarkdown } from './markdown.ts';

const toAdminGuide = (row: Selectable<Guides>): AdminGuide => ({
  slug: row.slug,
  language: row.language as Language,
  title: row.title,
  summary: row.summary,
  updatedAt: row.updated_at.toISOString(),
  body: row.body,
  published: row.published,
});

/** Guides per language, written in markdown by operators and rendered on read. */
export class GuideStore {
  constructor(private readonly changes: ContentChanges) {}

  async published(language: Language): Promise<GuideSummary[]> {
    const rows = await this.changes.db.sql
      .selectFrom('guides')
      .selectAll()
      .where('language', '=', language)
      .where('published', '=', true)
      .orderBy('updated_at', 'desc')
      .orderBy('slug')
      .execute();
    return rows.map((row) => {
      const { body: _body, published: _published, ...summary } = toAdminGuide(row);
      return summary;
    });
  }

  /** Every published guide's slug with the languages it exists in (for the sitemap). */
  async publishedLanguages(): Promise<{ slug: string; languages: Language[] }[]> {
    return this.changes.db.sql
      .selectFrom('guides')
      .select(['slug', sql<Language[]>`array_agg(language ORDER BY language)`.as('languages')])
      .where('published', '=', true)
      .groupBy('slug')
      .orderBy('slug')
      .execute();
  }

  async get(language: Language, slug: string): Promise<Guide> {
    const db = this.changes.db.sql;
    const row = await db
      .selectFrom('guides')
      .selectAll()
      .where('slug', '=', slug)
      .where('language', '=', language)
      .where('published', '=', true)
      .executeTakeFirst();
    if (!row) throw new PitchsideError('content:not-found');
    const languages = await db
      .selectFrom('guides')
      .select('language')
      .where('slug', '=', slug)
      .where('published', '=', true)
      .orderBy('language')
      .execute();
    return {
      slug: row.slug,
      language: row.language as Language,
      title: row.title,
      summary: row.summary,
      updatedAt: row.updated_at.toISOString(),
      bodyHtml: renderMarkdown(row.body),
      languages: languages.map((l) => l.language as Language),
    };
  }

  async all(language?: Language): Promise<AdminGuide[]> {
    const rows = await this.changes.db.sql
      .selectFrom('guides')
      .selectAll()
      .$if(language !== undefined, (q) => q.where('language', '=', language!))
      .orderBy('language')
      .orderBy('slug')
      .execute();
    return rows.map(toAdminGuide);
  }

  async save(
    actor: Actor,
    language: Language,
    slug: string,
    body: z.infer<typeof GuideBodySchema>,
  ): Promise<AdminGuide> {
    const now = new Date();
    const values = { title: body.title, summary: body.summary, body: body.body, published: body.published };
    const row = await this.changes.apply(
      actor,
      'content.guide.saved',
      { slug, language },
      [contentTopics.guides(language)],
      (tx) =>
        tx.sql
          .insertInto('guides')
          .values({ slug, language, ...values, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['slug', 'language']).doUpdateSet({ ...values, updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toAdminGuide(row);
  }

  async delete(actor: Actor, language: Language, slug: string): Promise<void> {
    const topics = [contentTopics.guides(language)];
    await this.changes.apply(actor, 'content.guide.deleted', { slug, language }, topics, async (tx) => {
      const rows = await tx.sql
        .deleteFrom('guides')
        .where('slug', '=', slug)
        .where('language', '=', language)
        .returning('slug')
        .execute();
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }
}
