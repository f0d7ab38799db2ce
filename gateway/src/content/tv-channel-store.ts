import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  contentTopics,
  type AdminTvChannel,
  type TvChannelBodySchema,
  type TvProgramme,
} from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import type { TvChannels } from '../db/database.ts';
import type { Actor, ContentChanges } from './content-changes.ts';

const toAdminTv = (row: Selectable<TvChannels>): AdminTvChannel => ({
  id: row.id,
  name: row.name,
  logoUrl: row.logo_url,
  access: row.access as AdminTvChannel['access'],
  // Written by save() below from a checked schedule.
  schedule: row.schedule as unknown as TvProgramme[],
  position: row.position,
  hls: row.hls,
  updatedAt: row.updated_at.toISOString(),
});

/** TV channels with their schedules, in the operators' order. */
export class TvChannelStore {
  constructor(private readonly changes: ContentChanges) {}

  async list(): Promise<AdminTvChannel[]> {
    const rows = await this.changes.db.sql
      .selectFrom('tv_channels')
      .selectAll()
      .orderBy('position')
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(toAdminTv);
  }

  async get(id: string): Promise<AdminTvChannel> {
    const row = await this.changes.db.sql
      .selectFrom('tv_channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new PitchsideError('content:not-found');
    return toAdminTv(row);
  }

  async save(actor: Actor, id: string, body: z.infer<typeof TvChannelBodySchema>): Promise<AdminTvChannel> {
    checkSchedule(body.schedule);
    const values = {
      name: body.name,
      logo_url: body.logoUrl,
      access: body.access,
      hls: body.hls,
      schedule: JSON.stringify(body.schedule),
      position: body.position,
      updated_at: new Date(),
    };
    const row = await this.changes.apply(
      actor,
      'content.tv.saved',
      { channelId: id },
      [contentTopics.tv],
      (tx) =>
        tx.sql
          .insertInto('tv_channels')
          .values({ id, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return toAdminTv(row);
  }

  delete(actor: Actor, id: string): Promise<void> {
    return this.changes.apply(
      actor,
      'content.tv.deleted',
      { channelId: id },
      [contentTopics.tv],
      async (tx) => {
        const rows = await tx.sql.deleteFrom('tv_channels').where('id', '=', id).returning('id').execute();
        if (rows.length === 0) throw new PitchsideError('content:not-found');
      },
    );
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
