/**
 * One viewer's position in one match's history, judged as the website's store judges it
 * (shared/src/protocol/sequencer.ts, checked equal by a unit test): a delta is applied, a duplicate,
 * beyond a gap, or of a new epoch (Redis flushed or restarted). Pure: no k6 import.
 */

export interface Position {
  epoch: string;
  seq: number;
}

/** The fields of a `match:updated` delta a load test reads. */
export interface DeltaHead {
  matchId: string;
  epoch: string;
  seq: number;
  /** When ingest wrote it (ms since the epoch): delivery latency = now - at. */
  at: number;
}

export type Verdict = 'apply' | 'duplicate' | 'gap' | 'reset';

export function judge(held: Position | null, delta: Pick<DeltaHead, 'epoch' | 'seq'>): Verdict {
  if (!held) return 'gap';
  if (delta.epoch !== held.epoch) return 'reset';
  if (delta.seq <= held.seq) return 'duplicate';
  if (delta.seq === held.seq + 1) return 'apply';
  return 'gap';
}

/** What happened to one incoming delta, for the caller's metrics. */
export type Observation =
  | { kind: 'applied'; latencyMs: number }
  /** A copy of something the viewer held, delivered live after its ack: the server sent it twice. */
  | { kind: 'duplicate' }
  /** Deltas skipped: the server lost `missing` of them. The viewer resubscribes from its position. */
  | { kind: 'gap'; missing: number }
  /** A new epoch: the viewer resubscribes for a snapshot. */
  | { kind: 'reset' }
  /** A copy that raced the subscription's ack (join-before-read): expected, harmless. */
  | { kind: 'redundant' };

export interface SubscribeAck {
  data?: { kind?: string; epoch?: string; seq?: number; deltas?: DeltaHead[] };
  error?: { code?: string; message?: string };
}

/**
 * Tracks one subscription. Call `subscribing()` before sending `match:subscribe` with `request()`, feed every
 * `match:updated` to `receive()` and the ack to `acknowledged()`. When an observation is a gap or a reset,
 * `needsResubscribe` is true: send `request()` again.
 */
export class MatchTracker {
  position: Position | null = null;
  needsResubscribe = false;
  private early: DeltaHead[] | null = null;

  constructor(
    readonly matchId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The `match:subscribe` payload: with `since` when the viewer holds a position, so it gets what it missed. */
  request(): { matchId: string; since?: Position } {
    return this.position ? { matchId: this.matchId, since: { ...this.position } } : { matchId: this.matchId };
  }

  subscribing(): void {
    this.early = [];
    this.needsResubscribe = false;
  }

  /** Applies the ack (snapshot or missed deltas), then whatever arrived before it. Null = error code. */
  acknowledged(ack: SubscribeAck | undefined): { observations: Observation[]; error: string | null } {
    const early = this.early ?? [];
    this.early = null;
    const data = ack?.data;
    if (!data || typeof data.seq !== 'number' || typeof data.epoch !== 'string') {
      return { observations: [], error: ack?.error?.code ?? 'bad-ack' };
    }
    const observations: Observation[] = [];
    if (data.kind === 'deltas' && Array.isArray(data.deltas)) {
      for (const delta of data.deltas) observations.push(this.judgeAndApply(delta, false));
    }
    // The ack's position covers its snapshot or its deltas.
    this.position = { epoch: data.epoch, seq: data.seq };
    for (const delta of early) {
      observations.push(
        judge(this.position, delta) === 'duplicate' ? { kind: 'redundant' } : this.judgeAndApply(delta, true),
      );
    }
    return { observations, error: null };
  }

  receive(delta: DeltaHead): Observation | null {
    if (delta.matchId !== this.matchId) return null;
    if (this.early) {
      this.early.push(delta);
      return null;
    }
    return this.judgeAndApply(delta, true);
  }

  private judgeAndApply(delta: DeltaHead, live: boolean): Observation {
    const verdict = judge(this.position, delta);
    switch (verdict) {
      case 'apply':
        this.position = { epoch: delta.epoch, seq: delta.seq };
        return { kind: 'applied', latencyMs: live ? Math.max(0, this.now() - delta.at) : NaN };
      case 'duplicate':
        return { kind: 'duplicate' };
      case 'reset':
        this.position = null;
        this.needsResubscribe = true;
        return { kind: 'reset' };
      case 'gap': {
        const missing = this.position ? delta.seq - this.position.seq - 1 : 0;
        this.needsResubscribe = true;
        return { kind: 'gap', missing };
      }
    }
  }
}
