import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { Accounts } from './auth/accounts.ts';
import { accountRoutes } from './auth/account-routes.ts';
import { adminRoutes } from './auth/admin-routes.ts';
import { DEFAULT_MAIL_FROM, type AuthOptions } from './auth/auth-options.ts';
import { authRoutes } from './auth/auth-routes.ts';
import type { ContactOptions } from './contact/contact-options.ts';
import { contactRoutes } from './contact/contact-routes.ts';
import { announceWrites, createContent, type Content, type ContentOptions } from './content/mount-content.ts';
import type { Db } from './db/db.ts';
import type { Feature } from './feature.ts';
import type { RedisClient } from './lib/redis-client.ts';
import { Mailer } from './mail/mailer.ts';
import { createOps, type OpsOptions } from './ops/mount-ops.ts';
import { mountPayments, type PaymentsOptions } from './payments/mount-payments.ts';
import type { MatchReads } from './read-model/match-reads.ts';

export interface DatabaseFeaturesDeps {
  db: Db;
  auth: AuthOptions;
  redis: RedisClient;
  subscriber: RedisClient;
  keys: RedisKeys;
  matches: MatchReads;
  logger: Logger;
  publicBaseUrl?: string;
  allowedOrigins?: readonly string[];
  /** The gateway's server, once it exists (the payments sandbox posts its webhooks to it). */
  httpServer: () => HttpServer;
}

export interface DatabaseFeaturesOptions {
  payments?: PaymentsOptions;
  ops?: OpsOptions;
  content?: ContentOptions;
  contact?: ContactOptions;
}

/**
 * What the gateway serves from its database, in the order they are mounted: the accounts (/api/auth with the
 * social routers first, /api/account, /api/admin), payments and premium streams, the operators' dashboard
 * and queue board, content and the CMS (after payments: its admin router guards every /api/admin path it
 * sees), and the contact form. Content is answered too: createApp's own routes read its pins and guides.
 */
export async function databaseFeatures(
  deps: DatabaseFeaturesDeps,
  options: DatabaseFeaturesOptions,
): Promise<{ features: Feature[]; content: Content }> {
  const { db, auth, logger } = deps;
  const accounts = new Accounts(
    { db, redis: deps.redis, keys: deps.keys, logger: logger.child({ module: 'accounts' }) },
    auth,
  );
  const content = await createContent(
    {
      db,
      redis: deps.redis,
      subscriber: deps.subscriber,
      keys: deps.keys,
      accounts,
      matches: deps.matches,
      logger,
      authSecret: auth.secret,
      streams: options.payments?.streams,
    },
    options.content,
  );
  const ops = await createOps(
    { ...deps, gate: accounts, logger, publicBaseUrl: deps.publicBaseUrl },
    auth,
    options.ops,
  );
  let payments: { close(): Promise<void> } | null = null;
  const contactMailer = new Mailer(db, {
    smtpUrl: auth.smtpUrl,
    from: auth.mailFrom ?? DEFAULT_MAIL_FROM,
    logger: logger.child({ module: 'contact-mail' }),
  });

  const features: Feature[] = [
    {
      mount(app) {
        const context = {
          completeSocialSignIn: accounts.completeSocialSignIn,
          redis: deps.redis,
          keys: deps.keys,
          logger: logger.child({ module: 'social' }),
          publicBaseUrl: deps.publicBaseUrl,
        };
        for (const router of auth.routers ?? []) app.use('/api/auth', router(context));
        app.use(
          '/api/auth',
          authRoutes(accounts, {
            providers: auth.providers ?? [],
            publicBaseUrl: deps.publicBaseUrl,
            allowedOrigins: deps.allowedOrigins,
          }),
        );
        app.use('/api/account', accountRoutes(accounts));
        app.use('/api/admin', adminRoutes(accounts));
      },
      close: () => accounts.close(),
    },
    {
      async mount(app) {
        // Plans and deals are the payments' admin routes; the pricing pages follow their changes live.
        app.use(
          '/api/admin',
          announceWrites(/^\/(plans|deals)(\/|$)/, () => content.hub.announce('plans')),
        );
        payments = await mountPayments(
          app,
          {
            db,
            redis: deps.redis,
            keys: deps.keys,
            accounts,
            matches: deps.matches,
            logger,
            publicBaseUrl: deps.publicBaseUrl,
            allowedOrigins: deps.allowedOrigins ?? [],
            authSecret: auth.secret,
            httpServer: deps.httpServer,
            extraStreamSources: content.matchStreamSources,
          },
          options.payments,
        );
      },
      close: async () => payments?.close(),
    },
    {
      mount: (app) => void app.use(ops.router),
      attach: (sockets) => ops.attach(sockets),
      close: () => ops.close(),
    },
    {
      mount: (app) => content.mount(app),
      attach: ({ io }) => content.hub.attach(io),
      close: async () => undefined,
    },
    {
      mount(app) {
        app.use(
          '/api/contact',
          contactRoutes(
            {
              redis: deps.redis,
              keys: deps.keys,
              mailer: contactMailer,
              secret: auth.secret,
              logger: logger.child({ module: 'contact' }),
            },
            options.contact,
          ),
        );
      },
      close: async () => contactMailer.close(),
    },
  ];
  return { features, content };
}
