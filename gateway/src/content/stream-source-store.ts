import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contentTopics,
  type AdminStreamSource,
  type AdminStreamSourceBodySchema,
} from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import type { MatchStreamSources } from '../db/database.ts';
import type { Actor, ContentChanges } from './content-changes.ts';

const toStreamSource = (row: Selectable<MatchStreamSources>): AdminStreamSource => ({
  id: row.id,
  matchId: row.match_id,
  label: row.label,
  access: row.access as AdminStreamSource['access'],
  hls: row.hls,
  createdAt: row.created_at.toISOString(),
});

/** Streams of a match besides the streaming provider's, added by operators. */
export class StreamSourceStore {
  constructor(private readonly changes: ContentChanges) {}

  async list(matchId: string): Promise<AdminStreamSource[]> {
    const rows = await this.changes.db.sql
      .selectFrom('match_stream_sources')
      .selectAll()
      .where('match_id', '=', matchId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toStreamSource);
  }

  async add(
    actor: Actor,
    matchId: string,
    body: z.infer<typeof AdminStreamSourceBodySchema>,
  ): Promise<AdminStreamSource> {
    // Provider feed ids are short words (`main`, `stadium`): ours never collide with them.
    const id = `cms-${randomUUID().slice(0, 8)}`;
    const topics = [contentTopics.matchStreams(matchId)];
    const row = await this.changes.apply(
      actor,
      'content.stream-source.added',
      { matchId, sourceId: id },
      topics,
      (tx) =>
        tx.sql
          .insertInto('match_stream_sources')
          .values({
            id,
            match_id: matchId,
            label: body.label,
            access: body.access,
            hls: body.hls,
            created_at: new Date(),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toStreamSource(row);
  }

  async remove(actor: Actor, matchId: string, sourceId: string): Promise<void> {
    const topics = [contentTopics.matchStreams(matchId)];
    const event = 'content.stream-source.removed';
    await this.changes.apply(actor, event, { matchId, sourceId }, topics, async (tx) => {
      const rows = await tx.sql
        .deleteFrom('match_stream_sources')
        .where('match_id', '=', matchId)
        .where('id', '=', sourceId)
        .returning('id')
        .execute();
      if (rows.length === 0) throw new PitchsideError('content:not-found');
    });
  }
}
