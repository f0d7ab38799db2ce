import { createHmac } from 'node:crypto';
import type { Express, RequestHandler } from 'express';
import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import { contentTopics } from '@pitchside/shared/content';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { Accounts } from '../auth/accounts.ts';
import type { Db } from '../db/db.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { UpstreamStream } from '../streams/stream-sources.ts';
import { createStreamUrlSigner } from '../streams/stream-url-signer.ts';
import { contentAdminRoutes } from './content-admin-routes.ts';
import { ContentHub } from './content-hub.ts';
import { contentMedia, MEDIA_PATH } from './content-media.ts';
import { contentRoutes } from './content-routes.ts';
import { ContentStore } from './content-store.ts';
import { seedDemoContent } from './demo-content.ts';
import { ProviderHighlights } from './provider-highlights.ts';

export interface ContentOptions {
  /** Seed the demo catalogue once (`npm start` with the embedded simulator): see demo-content.ts. */
  demo?: boolean;
}

export interface ContentContext {
  db: Db;
  redis: RedisClient;
  subscriber: RedisClient;
  keys: RedisKeys;
  accounts: Accounts;
  matches: MatchReads;
  logger: Logger;
  /** The accounts' token secret: the stream-URL secret derives from it unless `streams.secret` is set. */
  authSecret: string;
  /** The streaming provider (highlight clips, the demo's videos) and the premium URLs' settings. */
  streams?: { apiUrl?: string; tokenTtlS?: number; secret?: string; clock?: () => number };
}

export interface Content {
  hub: ContentHub;
  store: ContentStore;
  /** The CMS's stream sources of a match, in the provider's shape (merged by streams/stream-sources.ts). */
  matchStreamSources(matchId: string): Promise<UpstreamStream[]>;
  /** The pinned hot matches, in order (read-model/hot-matches.ts puts them first). */
  hotPins(): Promise<readonly string[]>;
  /** Mounts /api/content, the /api/admin content routes and /media on the app. */
  mount(app: Express): void;
}

/** The same derivation as the premium match streams (payments/mount-payments.ts): one secret per purpose. */
const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`pitchside/${purpose}`).digest('base64url');

/**
 * Content and the CMS (issue 6): the store, the live push relay, the provider's highlight clips, playback
 * of movies and TV, the public and admin routes, and the demo catalogue under `npm start`.
 */
export async function createContent(ctx: ContentContext, options: ContentOptions = {}): Promise<Content> {
  const logger = ctx.logger.child({ module: 'content' });
  const hub = new ContentHub(ctx.redis, ctx.subscriber, ctx.keys, logger);
  const store = new ContentStore(ctx.db, hub);
  const providerHighlights = new ProviderHighlights({
    apiUrl: ctx.streams?.apiUrl,
    matches: ctx.matches,
    logger,
  });
  const media = contentMedia({
    db: ctx.db,
    store,
    providerHighlights,
    accounts: ctx.accounts,
    signer: createStreamUrlSigner({
      secret: ctx.streams?.secret ?? derive(ctx.authSecret, 'stream-urls'),
      ...(ctx.streams?.clock && { now: ctx.streams.clock }),
    }),
    ttlS: ctx.streams?.tokenTtlS ?? 120,
    logger,
  });

  // Reads every player makes (each playlist reload asks for the match's sources, pins on every hot read):
  // kept a few seconds, dropped on every gateway the moment an operator changes them.
  const sources = new Map<string, { at: number; value: Promise<UpstreamStream[]> }>();
  let pins: { at: number; value: Promise<readonly string[]> } | null = null;
  hub.onChange(({ topic }) => {
    if (topic === contentTopics.hotMatches) pins = null;
    if (topic.startsWith('match-streams:')) sources.delete(topic.slice('match-streams:'.length));
  });
  const fresh = (at: number) => Date.now() - at < 3000;

  if (options.demo && ctx.streams?.apiUrl) {
    await seedDemoContent(ctx.db, ctx.streams.apiUrl, logger).catch((err: unknown) =>
      logger.error({ err }, 'demo content not seeded'),
    );
  }

  return {
    hub,
    store,
    matchStreamSources(matchId) {
      const hit = sources.get(matchId);
      if (hit && fresh(hit.at)) return hit.value;
      const value = store.streamSources
        .list(matchId)
        .then((list) => list.map(({ id, label, access, hls }) => ({ id, label, access, hls })));
      sources.set(matchId, { at: Date.now(), value });
      value.catch(() => sources.get(matchId)?.value === value && sources.delete(matchId));
      if (sources.size > 5000) sources.delete(sources.keys().next().value!);
      return value;
    },
    hotPins() {
      if (pins && fresh(pins.at)) return pins.value;
      const value = store.hotPins.get().then((p) => p.matchIds);
      const entry = { at: Date.now(), value };
      pins = entry;
      value.catch(() => pins === entry && (pins = null));
      return value;
    },
    mount(app) {
      app.use('/api/content', contentRoutes({ store, providerHighlights }), media.api);
      app.use('/api/admin', contentAdminRoutes({ accounts: ctx.accounts, store, matches: ctx.matches }));
      app.use(MEDIA_PATH, media.media);
    },
  };
}

/**
 * Announces `topic` after a successful write under `paths` answered by another router (plans and deals:
 * their pages follow the `plans` topic). Runs when the answer is sent, so after the change committed.
 */
export function announceWrites(paths: RegExp, announce: () => unknown): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && paths.test(req.path)) {
      res.on('finish', () => {
        if (res.statusCode < 300) void announce();
      });
    }
    next();
  };
}
