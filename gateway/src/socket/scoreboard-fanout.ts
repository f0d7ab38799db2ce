import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { isLive } from '@pitchside/shared/domain';
import {
  EVENTS,
  type ScoreboardEntry,
  type ScoreboardScope,
  scoreboardRoom,
} from '@pitchside/shared/protocol';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { zonedDayRange } from '../lib/zoned-day.ts';
import { subscriberReady } from './subscriber-ready.ts';

interface ActiveScope {
  scope: ScoreboardScope;
  /** Match ids on the board now: a match leaving the scope is announced once, then forgotten. */
  members: Set<string>;
  range?: { start: number; end: number };
}

/**
 * Scoreboards (all live matches, a date, a competition). Ingest publishes every match's header on one
 * channel; the gateway listens to it only while some scoreboard has viewers, and routes each header to
 * the rooms whose scope it falls in. Volumes are small (one message per match change), so Socket.IO's
 * own room broadcast is the right tool here.
 */
export class ScoreboardFanout {
  private readonly scopes = new Map<string, ActiveScope>();
  private subscribed: Promise<unknown> | null = null;

  constructor(
    private readonly io: Server,
    private readonly subscriber: RedisClient,
    private readonly keys: RedisKeys,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.keys.scoreboardChannel()) this.route(JSON.parse(message) as ScoreboardEntry);
    });
  }

  /** Registers a scope that has a viewer; resolves once the channel is subscribed. */
  async activate(scope: ScoreboardScope): Promise<void> {
    const room = scoreboardRoom(scope);
    if (!this.scopes.has(room)) this.scopes.set(room, { scope, members: new Set(), range: rangeOf(scope) });
    // Not during the connection's handshake: see subscriber-ready.ts.
    this.subscribed ??= subscriberReady(this.subscriber)
      .then(() => this.subscriber.subscribe(this.keys.scoreboardChannel()))
      .catch((error: unknown) => {
        this.subscribed = null; // the next viewer tries again
        throw error;
      });
    await this.subscribed;
  }

  /** Remembers what a viewer was sent on subscribing, so a match leaving the scope is announced. */
  track(room: string, entries: readonly ScoreboardEntry[]): void {
    const active = this.scopes.get(room);
    for (const entry of entries) active?.members.add(entry.match.id);
  }

  /** Called when a room empties. */
  deactivate(room: string): void {
    this.scopes.delete(room);
    if (this.scopes.size === 0 && this.subscribed) {
      this.subscribed = null;
      subscriberReady(this.subscriber)
        .then(() => this.subscriber.unsubscribe(this.keys.scoreboardChannel()))
        .catch((err: unknown) => this.logger.warn({ err }, 'scoreboard unsubscribe failed'));
    }
  }

  private route(entry: ScoreboardEntry): void {
    for (const [room, active] of this.scopes) {
      const inScope = belongs(active, entry);
      const wasIn = active.members.has(entry.match.id);
      if (!inScope && !wasIn) continue;
      if (inScope) active.members.add(entry.match.id);
      else active.members.delete(entry.match.id);
      this.io.to(room).emit(EVENTS.scoreboardUpdated, { room, entry, inScope });
    }
  }
}

function rangeOf(scope: ScoreboardScope): { start: number; end: number } | undefined {
  return scope.kind === 'date' ? zonedDayRange(scope.date, scope.tz) : undefined;
}

function belongs(active: ActiveScope, entry: ScoreboardEntry): boolean {
  const { scope, range } = active;
  switch (scope.kind) {
    case 'live':
      return isLive(entry.match.status);
    case 'competition':
      return entry.match.competition.id === scope.competitionId;
    case 'date': {
      const kickoff = Date.parse(entry.match.kickoff);
      return range !== undefined && kickoff >= range.start && kickoff < range.end;
    }
  }
}
