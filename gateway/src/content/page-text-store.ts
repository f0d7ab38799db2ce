import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contentTopics,
  type AdminPageText,
  type PageText,
  type PageTextBodySchema,
  type StaticPage,
} from '@pitchside/shared/content';
import type { Language } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { PageTexts } from '../db/database.ts';
import type { Actor, ContentChanges } from './content-changes.ts';
import { renderMarkdown } from './markdown.ts';

const toAdminPage = (row: Selectable<PageTexts>): AdminPageText => ({
  page: row.page as StaticPage,
  language: row.language as Language,
  title: row.title,
  body: row.body,
  updatedAt: row.updated_at.toISOString(),
});

/** Operators' texts of the static pages, per language (without one, the page's built-in text shows). */
export class PageTextStore {
  constructor(private readonly changes: ContentChanges) {}

  async get(page: StaticPage, language: Language): Promise<PageText> {
    const row = await this.changes.db.sql
      .selectFrom('page_texts')
      .selectAll()
      .where('page', '=', page)
      .where('language', '=', language)
      .executeTakeFirst();
    if (!row) throw new PitchsideError('content:not-found');
    return {
      page,
      language,
      title: row.title,
      bodyHtml: renderMarkdown(row.body),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async all(): Promise<AdminPageText[]> {
    const rows = await this.changes.db.sql
      .selectFrom('page_texts')
      .selectAll()
      .orderBy('page')
      .orderBy('language')
      .execute();
    return rows.map(toAdminPage);
  }

  async save(
    actor: Actor,
    page: StaticPage,
    language: Language,
    body: z.infer<typeof PageTextBodySchema>,
  ): Promise<AdminPageText> {
    const values = { title: body.title, body: body.body, updated_at: new Date() };
    const row = await this.changes.apply(
      actor,
      'content.page.saved',
      { page, language },
      [contentTopics.page(page, language)],
      (tx) =>
        tx.sql
          .insertInto('page_texts')
          .values({ page, language, ...values })
          .onConflict((oc) => oc.columns(['page', 'language']).doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toAdminPage(row);
  }

  async delete(actor: Actor, page: StaticPage, language: Language): Promise<void> {
    const topics = [contentTopics.page(page, language)];
    await this.changes.apply(actor, 'content.page.deleted', { page, language }, topics, async (tx) => {
      const rows = await tx.sql
        .deleteFrom('page_texts')
        .where('page', '=', page)
        .where('language', '=', language)
        .returning('page')
        .execute();
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }
}
