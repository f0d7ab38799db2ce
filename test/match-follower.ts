import { applyDelta, type MatchDelta, type MatchDetail } from '@pitchside/shared/domain';
import { judgeDelta, type MatchSubscribeResult } from '@pitchside/shared/protocol';
import type { ClientSocket } from './gateway.ts';

/**
 * A test viewer of one match that behaves as the website must: it subscribes (with its position on a
 * reconnect), buffers deltas that arrive before the ack, applies deltas in order, resynchronises on a gap
 * or an epoch change, and records everything so a test can check nothing was missed or applied twice.
 */
export class MatchFollower {
  detail: MatchDetail | null = null;
  position: { epoch: string; seq: number } | null = null;
  /** Every seq applied, per epoch, in order. */
  readonly applied: { epoch: string; seq: number }[] = [];
  duplicates = 0;
  resyncs = 0;
  private pending: MatchDelta[] | null = null;

  constructor(
    private readonly socket: ClientSocket,
    readonly matchId: string,
  ) {
    socket.on('match:updated', (delta) => {
      if (delta.matchId !== this.matchId) return;
      if (this.pending) this.pending.push(delta);
      else this.receive(delta);
    });
    socket.io.on('reconnect', () => void this.subscribe());
  }

  async subscribe(): Promise<void> {
    this.pending = [];
    const since = this.position ?? undefined;
    const response = await this.socket.emitWithAck('match:subscribe', {
      matchId: this.matchId,
      ...(since ? { since } : {}),
    });
    if ('error' in response) throw new Error(`${response.error.code}: ${response.error.message}`);
    this.start(response.data);
    const buffered = this.pending;
    this.pending = null;
    for (const delta of buffered) this.receive(delta);
  }

  private start(result: MatchSubscribeResult): void {
    if (result.kind === 'snapshot') {
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
        this.applied.push({ epoch: delta.epoch, seq: delta.seq });
        return;
      case 'duplicate':
        this.duplicates++;
        return;
      case 'gap':
      case 'reset':
        this.resyncs++;
        this.position = null;
        void this.subscribe();
    }
  }
}
