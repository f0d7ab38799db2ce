import type { MatchEvent } from '@pitchside/shared/domain';
import { buildEvent, liveMatch } from '@pitchside/shared/testing';
import type { MatchStore } from '@pitchside/ingest/pipeline/match-store';

/**
 * Plays one match through ingest's real write path (diff, Lua script, stream, PUBLISH): every tick the clock
 * moves a minute, and every fifth minute somebody scores, so each tick is exactly one delta.
 */
export class MatchDriver {
  minute = 0;
  seq = 0;
  private home = 0;
  private away = 0;
  private readonly events: MatchEvent[] = [];

  constructor(
    private readonly store: MatchStore,
    readonly matchId = '1001',
  ) {}

  async tick(): Promise<number> {
    this.minute++;
    if (this.minute % 5 === 0) {
      const homeScores = (this.minute / 5) % 2 === 1;
      if (homeScores) this.home++;
      else this.away++;
      this.events.push(
        buildEvent({
          id: `${this.matchId}-goal-${this.minute}`,
          minute: this.minute,
          teamId: homeScores ? '33' : '50',
        }),
      );
    }
    const match = liveMatch(this.home, this.away, Math.min(this.minute, 120), { id: this.matchId });
    const result = await this.store.ingest({ match, events: [...this.events] });
    if (result.outcome !== 'written') throw new Error(`tick ${this.minute} wrote nothing`);
    this.seq = result.delta.seq;
    return this.seq;
  }

  get goals(): number {
    return this.home + this.away;
  }

  /** Ticks every `everyMs` in the background (ten deltas a second by default) until the returned stop. */
  play(everyMs = 100): () => Promise<void> {
    let playing = true;
    const loop = (async () => {
      while (playing) {
        await this.tick();
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    return () => {
      playing = false;
      return loop;
    };
  }
}
