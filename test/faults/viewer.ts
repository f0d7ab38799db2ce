import { applyDelta, type MatchDelta, type MatchDetail } from '@pitchside/shared/domain';
import { judgeDelta, type MatchSubscribeResult } from '@pitchside/shared/protocol';
import type { ClientSocket } from '../gateway.ts';

/**
 * A viewer of one match for the fault tests, behaving as the website's store does
 * (web/src/features/live/stores/match-subscriptions.ts): it subscribes with its position after a reconnect,
 * buffers deltas that beat the ack, applies deltas in seq order, resynchronises on a gap or a new epoch, and
 * asks again after a failed subscription. Unlike test/match-follower.ts it survives a failed ack (a gateway
 * whose Redis is down answers with an error) and records every step with its time, so a test can say
 * how long recovery took and prove that nothing was applied twice.
 */
export class Viewer {
  detail: MatchDetail | null = null;
  position: { epoch: string; seq: number } | null = null;
  /** Every delta applied, in order, with when it arrived. */
  readonly applied: { epoch: string; seq: number; receivedAt: number; at: number }[] = [];
  /** Copies of deltas already applied, dropped by seq, that came live: each delta should cross once. */
  redundant = 0;
  /**
   * Deltas that beat a subscription's answer and that the answer already covered, dropped by seq: the
   * gateway joins the room before it reads (gateway/src/socket/socket-server.ts), so a write in between
   * is in both, by design.
   */
  overlap = 0;
  resyncs = 0;
  snapshots = 0;
  failedSubscribes = 0;
  disconnects = 0;
  lastDisconnectAt = 0;
  lastSubscribedAt = 0;
  private pending: MatchDelta[] | null = null;
  private closed = false;

  constructor(
    readonly socket: ClientSocket,
    readonly matchId: string,
  ) {
    socket.on('match:updated', (delta) => {
      if (delta.matchId !== this.matchId) return;
      if (this.pending) this.pending.push(delta);
      else this.receive(delta);
    });
    socket.on('disconnect', () => {
      this.disconnects++;
      this.lastDisconnectAt = Date.now();
    });
    socket.io.on('reconnect', () => void this.subscribe());
  }

  /** Seqs applied within one epoch. */
  seqs(epoch = this.position?.epoch): number[] {
    return this.applied.filter((a) => a.epoch === epoch).map((a) => a.seq);
  }

  async subscribe(): Promise<void> {
    if (this.closed) return;
    this.pending ??= [];
    const since = this.position ?? undefined;
    let response;
    try {
      response = await this.socket
        .timeout(5000)
        .emitWithAck('match:subscribe', { matchId: this.matchId, ...(since ? { since } : {}) });
    } catch {
      response = { error: { code: 'server:unavailable', message: 'no ack' } } as const;
    }
    if ('error' in response) {
      // Redis down, or the match not written again yet after a restart: ask again shortly.
      this.failedSubscribes++;
      if (!this.closed) setTimeout(() => void this.subscribe(), 100);
      return;
    }
    this.start(response.data);
    this.lastSubscribedAt = Date.now();
    const buffered = this.pending ?? [];
    this.pending = null;
    for (const delta of buffered) {
      if (judgeDelta(this.position, delta) === 'duplicate') this.overlap++;
      else this.receive(delta);
    }
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }

  private start(result: MatchSubscribeResult): void {
    if (result.kind === 'snapshot') {
      this.snapshots++;
      this.detail = result.detail;
      this.position = { epoch: result.epoch, seq: result.seq };
      return;
    }
    for (const delta of result.deltas) this.receive(delta);
  }

  private receive(delta: MatchDelta): void {
    switch (judgeDelta(this.position, delta)) {
      case 'apply':
        this.detail = applyDelta(this.detail!, delta);
        this.position = { epoch: delta.epoch, seq: delta.seq };
        this.applied.push({ epoch: delta.epoch, seq: delta.seq, receivedAt: Date.now(), at: delta.at });
        return;
      case 'duplicate':
        this.redundant++;
        return;
      case 'gap':
      case 'reset':
        if (this.pending) return; // a subscription is under way: its answer decides
        this.resyncs++;
        this.position = null;
        void this.subscribe();
    }
  }
}

/** True when `seqs` is exactly from+1, from+2, ..., to: nothing missing, nothing twice, in order. */
export function contiguous(seqs: readonly number[], from: number, to: number): boolean {
  if (seqs.length !== to - from) return false;
  return seqs.every((s, i) => s === from + 1 + i);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The longest a viewer went without applying a delta from `since` on, in ms (across a failover, say). */
export function longestStall(viewer: Viewer, since: number): number {
  const times = viewer.applied.filter((a) => a.receivedAt >= since).map((a) => a.receivedAt);
  return Math.max(...times.slice(1).map((x, i) => x - times[i]!));
}
