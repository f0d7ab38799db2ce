import { isCluster, type RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { Socket as EngineSocket } from 'engine.io';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { EVENTS } from '@pitchside/shared/protocol';
import { LibraryInternals } from './library-internals.ts';
import { preEncodeEvent, writePreEncoded } from './preencoded-frame.ts';
import { subscriberReady } from './subscriber-ready.ts';

/**
 * Per-match fan-out. A gateway holds a Redis subscription for a match only while it has viewers of it;
 * each delta crosses from Redis once, is encoded once, and the same frame is written to every viewer.
 * Viewers are kept as Engine.IO connections in a Set per match: no room lookups on the hot path.
 *
 * On a standalone Redis the match channels are classic pub/sub (SUBSCRIBE, 'message'). On a Redis Cluster
 * they are shard channels (SSUBSCRIBE, 'smessage'): ingest SPUBLISHes each delta on the node owning the
 * match's slot only, and the subscriber (a Cluster with `shardedSubscribers`) holds one connection per
 * master, so delta traffic spreads over the shards instead of being broadcast to every node.
 */
export class MatchFanout {
  private readonly viewers = new Map<string, Set<EngineSocket>>();
  private readonly channelToMatch = new Map<string, string>();
  /** Subscriptions under way, so concurrent first viewers share one SUBSCRIBE. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly subscribe: (channel: string) => Promise<unknown>;
  private readonly unsubscribe: (channel: string) => Promise<unknown>;

  constructor(
    private readonly subscriber: RedisClient,
    private readonly keys: RedisKeys,
    private readonly logger: Logger,
    private readonly onDelivered: (viewers: number) => void = () => {},
    /** Whether deltas go out as one pre-built WebSocket frame (library-internals.ts); on by default. */
    private readonly internals: LibraryInternals = new LibraryInternals(true, logger),
  ) {
    const deliver = (channel: string, message: string) => this.deliver(channel, message);
    if (isCluster(subscriber)) {
      subscriber.on('smessage', deliver);
      this.subscribe = (channel) => subscriber.ssubscribe(channel);
      this.unsubscribe = (channel) => subscriber.sunsubscribe(channel);
    } else {
      subscriber.on('message', deliver);
      this.subscribe = (channel) => subscriber.subscribe(channel);
      this.unsubscribe = (channel) => subscriber.unsubscribe(channel);
    }
  }

  /** Adds a viewer; resolves once the Redis subscription is live, so no delta published after it is lost. */
  async join(matchId: string, conn: EngineSocket): Promise<void> {
    let set = this.viewers.get(matchId);
    if (!set) {
      set = new Set();
      this.viewers.set(matchId, set);
      const channel = this.keys.matchChannel(matchId);
      this.channelToMatch.set(channel, matchId);
      const subscribing = subscriberReady(this.subscriber)
        .then(() => this.subscribe(channel))
        .catch((error: unknown) => {
          // Forget the match, so the next viewer tries again instead of waiting on a channel never joined.
          if (this.viewers.get(matchId) === set) this.viewers.delete(matchId);
          this.channelToMatch.delete(channel);
          throw error;
        })
        .finally(() => this.pending.delete(matchId));
      this.pending.set(matchId, subscribing);
    }
    set.add(conn);
    await this.pending.get(matchId);
  }

  leave(matchId: string, conn: EngineSocket): void {
    const set = this.viewers.get(matchId);
    if (!set?.delete(conn) || set.size > 0) return;
    this.viewers.delete(matchId);
    const channel = this.keys.matchChannel(matchId);
    this.channelToMatch.delete(channel);
    // After the ready wait too, so it can never overtake a SUBSCRIBE still waiting for it.
    subscriberReady(this.subscriber)
      .then(() => this.unsubscribe(channel))
      .catch((err: unknown) => this.logger.warn({ err, matchId }, 'unsubscribe failed'));
  }

  viewerCount(matchId: string): number {
    return this.viewers.get(matchId)?.size ?? 0;
  }

  get matchCount(): number {
    return this.viewers.size;
  }

  /** Viewers of each watched match, read by the metrics when scraped. */
  *viewerCounts(): IterableIterator<readonly [string, number]> {
    for (const [matchId, set] of this.viewers) yield [matchId, set.size];
  }

  private deliver(channel: string, message: string): void {
    const matchId = this.channelToMatch.get(channel);
    if (!matchId) return;
    const set = this.viewers.get(matchId);
    if (!set || set.size === 0) return;
    // The message is the delta's JSON exactly as ingest built it: it goes out without a parse.
    const event = preEncodeEvent(EVENTS.matchUpdated, message, this.internals.enabled);
    if (this.internals.enabled) this.internals.note('ws.frame', event.frame !== null);
    let cutOff: EngineSocket[] | undefined;
    let framed = 0;
    let noSender = 0;
    for (const conn of set) {
      const outcome = writePreEncoded(conn, event);
      if (outcome === 'frame') framed++;
      else if (outcome === 'no-sender') noSender++;
      else if (outcome === 'cut-off') (cutOff ??= []).push(conn);
    }
    this.internals.add('ws.send-frame', framed, noSender);
    this.onDelivered(set.size);
    for (const conn of cutOff ?? []) this.leave(matchId, conn);
  }
}
