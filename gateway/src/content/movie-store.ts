import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { contentTopics, type AdminMovie, type MovieBodySchema, type Video } from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Movies } from '../db/database.ts';
import { checkVideo } from './check-video.ts';
import type { Actor, ContentChanges } from './content-changes.ts';

const toAdminMovie = (row: Selectable<Movies>): AdminMovie => ({
  id: row.id,
  title: row.title,
  synopsis: row.synopsis,
  year: row.year,
  posterUrl: row.poster_url,
  access: row.access as AdminMovie['access'],
  position: row.position,
  video: { kind: row.video_kind as Video['kind'], url: row.video_url },
  updatedAt: row.updated_at.toISOString(),
});

/** The films operators offer, in their order. */
export class MovieStore {
  constructor(private readonly changes: ContentChanges) {}

  async list(): Promise<AdminMovie[]> {
    const rows = await this.changes.db.sql
      .selectFrom('movies')
      .selectAll()
      .orderBy('position')
      .orderBy('title')
      .orderBy('id')
      .execute();
    return rows.map(toAdminMovie);
  }

  async get(id: string): Promise<AdminMovie> {
    const row = await this.changes.db.sql
      .selectFrom('movies')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminMovie(row);
  }

  async save(actor: Actor, id: string, body: z.infer<typeof MovieBodySchema>): Promise<AdminMovie> {
    checkVideo(body.video);
    const values = {
      title: body.title,
      synopsis: body.synopsis,
      year: body.year,
      poster_url: body.posterUrl,
      access: body.access,
      video_kind: body.video.kind,
      video_url: body.video.url,
      position: body.position,
      updated_at: new Date(),
    };
    const row = await this.changes.apply(
      actor,
      'content.movie.saved',
      { movieId: id },
      [contentTopics.movies],
      (tx) =>
        tx.sql
          .insertInto('movies')
          .values({ id, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toAdminMovie(row);
  }

  delete(actor: Actor, id: string): Promise<void> {
    return this.changes.apply(
      actor,
      'content.movie.deleted',
      { movieId: id },
      [contentTopics.movies],
      async (tx) => {
        const rows = await tx.sql.deleteFrom('movies').where('id', '=', id).returning('id').execute();
        if (rows.length === 0) throw new PitchsideError('content:not-found');
      },
    );
  }
}
