import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import { ContentChangedSchema, type ContentChanged, type ContentTopic } from '@pitchside/shared/content';
import { EVENTS } from '@pitchside/shared/protocol';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { PitchsideServer } from '../socket/socket-server.ts';
import { subscriberReady } from '../socket/subscriber-ready.ts';

/** The socket room of a content topic: `content:hot-matches`. */
export const contentRoom = (topic: ContentTopic): string => `content:${topic}`;

/**
 * The live push of operators' changes (issue 6). After a change commits, the gateway that made it publishes
 * a ContentChanged on one Redis channel; every gateway listens to that channel from start-up (one SUBSCRIBE
 * on its subscriber connection, however many pages follow content) and emits `content:changed` to the
 * socket room of the topic, and to its own listeners (caches to drop). Changes are rare and the message is
 * tiny, so Socket.IO's room broadcast is the right tool, as for scoreboards.
 */
export class ContentHub {
  private io: PitchsideServer | null = null;
  private readonly listeners = new Set<(change: ContentChanged) => void>();
  private readonly subscribed: Promise<unknown>;
  /** The last change of each topic, as far as this gateway knows (loaded from Redis, then kept by pushes). */
  private readonly lastChanges = new Map<string, string>();
  private readonly loaded: Promise<void>;

  constructor(
    private readonly redis: RedisClient,
    private readonly subscriber: RedisClient,
    private readonly keys: RedisKeys,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === keys.contentChannel()) this.receive(message);
    });
    this.subscribed = subscriberReady(subscriber)
      .then(() => subscriber.subscribe(keys.contentChannel()))
      .catch((err: unknown) => logger.error({ err }, 'content channel subscribe failed'));
    this.loaded = redis
      .hgetall(keys.contentChanges())
      .then((all) => {
        for (const [topic, at] of Object.entries(all)) this.remember(topic, at);
      })
      .catch((err: unknown) => logger.warn({ err }, 'last content changes not loaded'));
  }

  /**
   * When `topic` last changed (null: never), for a page subscribing now: the data it was rendered with may
   * predate it (content-topics.ts on the web compares).
   */
  async lastChange(topic: ContentTopic): Promise<string | null> {
    await this.loaded;
    return this.lastChanges.get(topic) ?? null;
  }

  private remember(topic: string, at: string): void {
    const known = this.lastChanges.get(topic);
    if (!known || known < at) this.lastChanges.set(topic, at);
  }

  /** Resolves once this gateway hears the channel (tests wait for it before changing content). */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  attach(io: PitchsideServer): void {
    this.io = io;
  }

  /** Called on every change, on every gateway: e.g. to drop a cached read. */
  onChange(listener: (change: ContentChanged) => void): void {
    this.listeners.add(listener);
  }

  /** After the change committed: tells every gateway (and through them every open page) to read again. */
  async announce(...topics: ContentTopic[]): Promise<void> {
    const at = new Date().toISOString();
    for (const topic of new Set(topics)) {
      const change: ContentChanged = { topic, at };
      // This gateway's own caches at once, so its next read sees the change; the others' when it arrives.
      for (const listener of this.listeners) listener(change);
      this.remember(topic, at);
      await this.redis
        .multi()
        .hset(this.keys.contentChanges(), topic, at)
        .publish(this.keys.contentChannel(), JSON.stringify(change))
        .exec()
        .catch((err: unknown) => this.logger.warn({ err, topic }, 'content change not announced'));
    }
  }

  private receive(message: string): void {
    let change: ContentChanged;
    try {
      const parsed = ContentChangedSchema.safeParse(JSON.parse(message));
      if (!parsed.success) throw new Error('malformed');
      change = parsed.data;
    } catch (err) {
      this.logger.warn({ err }, 'dropped a malformed content change');
      return;
    }
    this.remember(change.topic, change.at);
    for (const listener of this.listeners) listener(change);
    this.io?.to(contentRoom(change.topic)).emit(EVENTS.contentChanged, change);
  }
}
