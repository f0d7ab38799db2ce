import { createHmac } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Express } from 'express';
import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import type { PaymentMethod } from '@pitchside/shared/payments';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import type { Accounts } from '../auth/accounts.ts';
import type { Db } from '../db/db.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import { StreamSources, type UpstreamStream } from '../streams/stream-sources.ts';
import { STREAMS_PATH, streamRoutes } from '../streams/stream-routes.ts';
import { createStreamUrlSigner } from '../streams/stream-url-signer.ts';
import { Catalogue } from './catalogue.ts';
import { Entitlements } from './entitlements.ts';
import { Orders } from './orders.ts';
import { paymentAdminRoutes, paymentRoutes } from './payment-routes.ts';
import type { PaymentProvider, PaymentProviderId } from './providers/payment-provider.ts';
import { createDbSandboxLedger } from './providers/sandbox/db-sandbox-ledger.ts';
import { createSandboxProvider } from './providers/sandbox/sandbox-provider.ts';
import { SANDBOX_PAGE_PATH, sandboxRoutes } from './providers/sandbox/sandbox-routes.ts';
import { startReconcileJob } from './reconcile-job.ts';
import { DealGuard } from './deal-guard.ts';
import type { AttemptRule } from '../lib/attempt-throttle.ts';

export interface PaymentsOptions {
  /** Wrong deal codes allowed per address (deal-guard.ts's DEFAULT_DEAL_GUESSES unless given). */
  dealGuesses?: AttemptRule;
  /**
   * The sandbox provider built in (issue 5): on unless `false`. Its webhook secret defaults to one derived
   * from the token secret; its webhooks go to this gateway's own address unless `webhookUrl` says otherwise.
   */
  sandbox?:
    | false
    | {
        webhookSecret?: string;
        webhookUrl?: string | (() => string);
        redeliveryDelaysMs?: readonly number[];
      };
  /** Real providers (PayPal, Stripe), built from their configuration by index.ts. */
  providers?: readonly PaymentProvider[];
  /** The reconciliation job; off unless given (index.ts turns it on). */
  reconcile?: { everyMs: number; olderThanMs: number };
  streams?: {
    /** The streaming provider's API (the simulator's base URL under npm start); no streams without it. */
    apiUrl?: string;
    /** Lifetime of premium stream URLs (default 120 s). */
    tokenTtlS?: number;
    /** Signs stream URLs, the same on every gateway; default derived from the token secret. */
    secret?: string;
    /** The stream tokens' clock (ms), for tests that let a URL expire without waiting. */
    clock?: () => number;
  };
}

export interface PaymentsContext {
  db: Db;
  redis: RedisClient;
  keys: RedisKeys;
  accounts: Accounts;
  matches: MatchReads;
  logger: Logger;
  publicBaseUrl?: string;
  /** Origins besides the site's own whose pages may buy (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** The accounts' token secret: the default secrets here derive from it. */
  authSecret: string;
  /** The gateway's server, once it exists: the sandbox posts its webhooks to it. */
  httpServer: () => HttpServer;
  /** A match's stream sources from the CMS (issue 6), listed and proxied beside the provider's. */
  extraStreamSources?: (matchId: string) => Promise<UpstreamStream[]>;
}

const METHOD_NAMES: Record<PaymentProviderId, string> = {
  sandbox: 'Sandbox (test payment)',
  paypal: 'PayPal',
  stripe: 'Card',
};

/** A secret of its own for each purpose, so no two purposes share a key. */
const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`pitchside/${purpose}`).digest('base64url');

/** Where this gateway answers on loopback, for requests it sends itself. */
function ownUrl(server: HttpServer): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the gateway is not listening on a port');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Plans, orders, provider returns and webhooks, entitlements, premium streams, the sandbox's hosted page and
 * the reconciliation job (issue 5). Mounted beside the accounts, whose database and sign-in it uses.
 */
export async function mountPayments(
  app: Express,
  ctx: PaymentsContext,
  options: PaymentsOptions = {},
): Promise<{ close(): Promise<void> }> {
  const logger = ctx.logger.child({ module: 'payments' });
  const providers = new Map<PaymentProviderId, PaymentProvider>();
  for (const provider of options.providers ?? []) providers.set(provider.id, provider);
  const sandbox =
    options.sandbox === false
      ? null
      : createSandboxProvider({
          webhookSecret: options.sandbox?.webhookSecret ?? derive(ctx.authSecret, 'sandbox-webhooks'),
          checkoutPageUrl: SANDBOX_PAGE_PATH,
          webhookUrl:
            options.sandbox?.webhookUrl ?? (() => `${ownUrl(ctx.httpServer())}/api/payments/sandbox/webhook`),
          ledger: createDbSandboxLedger(ctx.db),
          ...(options.sandbox?.redeliveryDelaysMs
            ? { redeliveryDelaysMs: options.sandbox.redeliveryDelaysMs }
            : {}),
          onDeliveryFailure: (event, err) =>
            logger.warn({ err, eventId: event.id, type: event.type }, 'sandbox webhook not delivered'),
        });
  if (sandbox) providers.set('sandbox', sandbox);
  const methods: PaymentMethod[] = [...providers.keys()].map((id) => ({ id, name: METHOD_NAMES[id] }));

  const catalogue = new Catalogue(ctx.db);
  const entitlements = new Entitlements(ctx.db);
  const orders = new Orders({
    db: ctx.db,
    catalogue,
    providers,
    logger,
    returnSecret: derive(ctx.authSecret, 'order-cancel-links'),
  });

  const deals = new DealGuard(ctx.redis, ctx.keys, options.dealGuesses);
  // The pricing page's `?deal=` is a guess from its visitor (deal-guard.ts), counted before the page renders.
  app.get(
    /^\/[a-z]{2}\/pricing(-sport)?\/?$/,
    deals.pageGuard((code) => catalogue.liveDeal(code)),
  );
  app.use(
    '/api',
    paymentRoutes({
      accounts: ctx.accounts,
      catalogue,
      deals,
      orders,
      entitlements,
      methods,
      publicBaseUrl: ctx.publicBaseUrl,
      allowedOrigins: ctx.allowedOrigins,
      logger,
    }),
  );
  app.use('/api/admin', paymentAdminRoutes({ accounts: ctx.accounts, catalogue }));
  const streams = streamRoutes({
    accounts: ctx.accounts,
    matches: ctx.matches,
    sources: new StreamSources({ apiUrl: options.streams?.apiUrl, extra: ctx.extraStreamSources, logger }),
    signer: createStreamUrlSigner({
      secret: options.streams?.secret ?? derive(ctx.authSecret, 'stream-urls'),
      ...(options.streams?.clock && { now: options.streams.clock }),
    }),
    entitlements,
    ttlS: options.streams?.tokenTtlS ?? 120,
    logger,
  });
  app.use('/api', streams.api);
  app.use(STREAMS_PATH, streams.media);
  if (sandbox) app.use(SANDBOX_PAGE_PATH, sandboxRoutes(sandbox));

  const job = options.reconcile
    ? await startReconcileJob({
        redis: ctx.redis,
        prefix: ctx.keys.queuePrefix(),
        everyMs: options.reconcile.everyMs,
        run: () => orders.reconcile({ olderThanMs: options.reconcile!.olderThanMs }),
        logger,
      })
    : null;
  logger.info({ methods: methods.map((m) => m.id), reconcile: Boolean(job) }, 'payments ready');
  return { close: async () => job?.close() };
}
