import { contentTopics, type HotPins } from '@pitchside/shared/content';
import type { ContentChanges, Actor } from './content-changes.ts';

/** The pinned hot matches, in the order operators put them (position 0 first). */
export class HotPinStore {
  constructor(private readonly changes: ContentChanges) {}

  async get(): Promise<HotPins> {
    const rows = await this.changes.db.sql
      .selectFrom('hot_pins')
      .select('match_id')
      .orderBy('position')
      .orderBy('match_id')
      .execute();
    return { matchIds: rows.map((r) => r.match_id) };
  }

  async set(actor: Actor, pins: HotPins): Promise<HotPins> {
    const matchIds = [...new Set(pins.matchIds)];
    const topics = [contentTopics.hotMatches];
    await this.changes.apply(actor, 'hot-pins.updated', { matchIds }, topics, async (tx) => {
      await tx.sql.deleteFrom('hot_pins').execute();
      const pinnedAt = new Date();
      if (matchIds.length > 0)
        await tx.sql
          .insertInto('hot_pins')
          .values(matchIds.map((matchId, position) => ({ match_id: matchId, position, pinned_at: pinnedAt })))
          .execute();
    });
    return this.get();
  }
}
