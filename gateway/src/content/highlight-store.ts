import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contentTopics,
  type AdminHighlight,
  type HighlightBodySchema,
  type Video,
} from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Highlights } from '../db/database.ts';
import { checkVideo } from './check-video.ts';
import type { Actor, ContentChanges } from './content-changes.ts';

/** Ids the gateway makes up for the provider's highlight clips (provider-highlights.ts): not for operators. */
export const PROVIDER_HIGHLIGHT_PREFIX = 'provider-';

export const toAdminHighlight = (row: Selectable<Highlights>): AdminHighlight => ({
  id: row.id,
  matchId: row.match_id,
  title: row.title,
  video: { kind: row.video_kind as Video['kind'], url: row.video_url },
  posterUrl: row.poster_url,
  durationS: row.duration_s,
  publishedAt: row.published_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The operators' highlight clips (the provider's are beside them: provider-highlights.ts). */
export class HighlightStore {
  constructor(private readonly changes: ContentChanges) {}

  /** Published ones (not those scheduled later), newest first; of one match when asked. */
  async published(query: { matchId?: string; limit: number }): Promise<AdminHighlight[]> {
    const rows = await this.changes.db.sql
      .selectFrom('highlights')
      .selectAll()
      .$if(query.matchId !== undefined, (q) => q.where('match_id', '=', query.matchId!))
      .where('published_at', '<=', new Date())
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .execute();
    return rows.map(toAdminHighlight);
  }

  async get(id: string): Promise<AdminHighlight> {
    const row = await this.changes.db.sql
      .selectFrom('highlights')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminHighlight(row);
  }

  async all(): Promise<AdminHighlight[]> {
    const rows = await this.changes.db.sql
      .selectFrom('highlights')
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toAdminHighlight);
  }

  async save(actor: Actor, id: string, body: z.infer<typeof HighlightBodySchema>): Promise<AdminHighlight> {
    if (id.startsWith(PROVIDER_HIGHLIGHT_PREFIX)) {
      throw new PitchsideError(
        'request:invalid',
        `Ids starting with ${PROVIDER_HIGHLIGHT_PREFIX} are reserved.`,
        [{ path: 'id', message: 'reserved for the streaming provider', code: 'invalid_format' }],
      );
    }
    checkVideo(body.video);
    const now = new Date();
    const publishedAt = body.publishedAt ? new Date(body.publishedAt) : null;
    const row = await this.changes.apply(
      actor,
      'content.highlight.saved',
      { highlightId: id, matchId: body.matchId },
      [contentTopics.highlights],
      (tx) =>
        tx.sql
          .insertInto('highlights')
          .values({
            id,
            match_id: body.matchId,
            title: body.title,
            video_kind: body.video.kind,
            video_url: body.video.url,
            poster_url: body.posterUrl,
            duration_s: body.durationS,
            published_at: publishedAt ?? now,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              match_id: eb.ref('excluded.match_id'),
              title: eb.ref('excluded.title'),
              video_kind: eb.ref('excluded.video_kind'),
              video_url: eb.ref('excluded.video_url'),
              poster_url: eb.ref('excluded.poster_url'),
              duration_s: eb.ref('excluded.duration_s'),
              // An edit without a publication time keeps the clip where it was in the list.
              published_at: publishedAt ?? eb.ref('highlights.published_at'),
              updated_at: now,
            })),
          )
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toAdminHighlight(row);
  }

  delete(actor: Actor, id: string): Promise<void> {
    const topics = [contentTopics.highlights];
    return this.changes.apply(actor, 'content.highlight.deleted', { highlightId: id }, topics, async (tx) => {
      const rows = await tx.sql.deleteFrom('highlights').where('id', '=', id).returning('id').execute();
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }
}
