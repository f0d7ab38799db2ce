import express, { Router, type Request } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { PitchsideError } from '@pitchside/shared/errors';
import {
  AdminCreateDealBodySchema,
  AdminCreatePlanBodySchema,
  AdminUpdateDealBodySchema,
  AdminUpdatePlanBodySchema,
  CreateOrderBodySchema,
  DealCodeSchema,
  PlanIdSchema,
  PlansQuerySchema,
  resultPageOf,
  type PaymentMethod,
} from '@pitchside/shared/payments';
import type { Accounts } from '../auth/accounts.ts';
import { accountRequests, requestContext } from '../auth/request-context.ts';
import { authOf, requireScope, requireUser } from '../auth/require-user.ts';
import { parseInput } from '../rest/http-errors.ts';
import { trustedOrigin } from '../lib/site-origin.ts';
import type { Catalogue } from './catalogue.ts';
import type { DealGuard } from './deal-guard.ts';
import type { Entitlements } from './entitlements.ts';
import type { Orders } from './orders.ts';
import { PaymentError } from './payment-error.ts';

const OrderParams = z.object({ id: z.string().min(1).max(64) });
const ReturnQuery = z.object({
  order: z.string().min(1).max(64),
  cancelled: z.string().optional(),
  sig: z.string().max(64).optional(),
});
const ProviderParams = z.object({ provider: z.string().regex(/^[a-z]{1,20}$/) });

export interface PaymentRoutesDeps {
  accounts: Accounts;
  catalogue: Catalogue;
  /** Wrong deal codes per address (deal-guard.ts). */
  deals: DealGuard;
  orders: Orders;
  entitlements: Entitlements;
  methods: readonly PaymentMethod[];
  /** The site's public origin, for the URLs providers send the buyer back to; else the request's own. */
  publicBaseUrl?: string;
  /** Origins besides the site's own whose pages may buy (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  logger: Logger;
}

/**
 * Where providers send the buyer back: PUBLIC_BASE_URL, or the page's origin when it is one of the allowed
 * origins, or the request's own on loopback (`npm start`). Never a Host header from elsewhere: a checkout link
 * made with a forged Host would be a real provider's page returning the buyer to another site.
 */
function baseOf(req: Request, publicBaseUrl: string | undefined, allowedOrigins: readonly string[]): string {
  const origin = req.get('origin');
  const base =
    (publicBaseUrl ? trustedOrigin(req, publicBaseUrl) : null) ??
    (origin && allowedOrigins.includes(origin) ? origin : null) ??
    trustedOrigin(req, undefined);
  if (!base)
    throw new PitchsideError(
      'request:origin-forbidden',
      'The site’s address is not configured (PUBLIC_BASE_URL): no return address can be given to a provider.',
    );
  return base;
}

/** Public plan reads, orders, the account's orders and entitlements, provider returns and webhooks, admin. */
export function paymentRoutes(deps: PaymentRoutesDeps): Router {
  const { accounts, catalogue, orders, entitlements, logger } = deps;
  const router = Router();
  const signedIn = requireUser(accounts);

  // The catalogue is public and the same for everyone with the same query: a short shared cache.
  router.get('/plans', async (req, res) => {
    const query = parseInput(PlansQuerySchema, req.query);
    const listed = await deps.deals.guess(req.ip ?? '', query.deal, () => catalogue.list(query));
    res.setHeader('Cache-Control', query.deal ? 'private, max-age=60' : 'public, max-age=60');
    res.json({ data: { ...listed, methods: deps.methods } });
  });

  router.post('/orders', ...accountRequests, signedIn, async (req, res) => {
    const body = parseInput(CreateOrderBodySchema, req.body);
    const base = baseOf(req, deps.publicBaseUrl, deps.allowedOrigins ?? []);
    const created = await deps.deals.guess(req.ip ?? '', body.deal, () =>
      orders.create(authOf(res), body, base, requestContext(req)),
    );
    res.status(201).json({ data: created });
  });

  router.get('/orders/:id', ...accountRequests, signedIn, async (req, res) => {
    const { id } = parseInput(OrderParams, req.params);
    res.json({ data: await orders.get(authOf(res).userId, id) });
  });

  router.get('/account/orders', ...accountRequests, signedIn, async (_req, res) => {
    res.json({ data: await orders.listForUser(authOf(res).userId) });
  });

  router.get('/account/entitlements', ...accountRequests, signedIn, async (_req, res) => {
    res.json({ data: await entitlements.list(authOf(res).userId) });
  });

  // The buyer's browser back from the provider: settle what can be settled, then show the verified state.
  router.get('/payments/:provider/return', async (req, res) => {
    const { provider } = parseInput(ProviderParams, req.params);
    const query = parseInput(ReturnQuery, req.query);
    const cancel = query.cancelled !== undefined ? { signature: query.sig ?? '' } : null;
    const order = await orders.returned(provider, query.order, cancel);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `/${order.lang}/payment/${resultPageOf(order.state)}?order=${order.id}`);
  });

  // Providers sign the exact bytes they send: the body stays raw (no JSON parser runs before this one).
  router.post(
    '/payments/:provider/webhook',
    express.raw({ type: () => true, limit: '256kb' }),
    async (req, res) => {
      const { provider: id } = parseInput(ProviderParams, req.params);
      const provider = orders.provider(id);
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        event = await provider.verifyWebhook({ rawBody, headers: req.headers });
      } catch (error) {
        // Authentic but not one we act on: 2xx, or the provider would resend it for days.
        if (error instanceof PaymentError && error.code === 'payment:unknown-event') {
          res.json({ data: { outcome: 'ignored' } });
          return;
        }
        if (error instanceof PaymentError)
          logger.warn({ provider: id, code: error.code, detail: error.detail }, 'webhook refused');
        throw error;
      }
      const result = await orders.apply({
        provider: provider.id,
        eventId: event.providerEventId,
        source: 'webhook',
        kind: event.kind,
        ...(event.ourOrderId ? { orderId: event.ourOrderId } : {}),
        providerReference: event.providerReference,
        amount: event.amount,
        currency: event.currency,
      });
      res.json({ data: { outcome: result.outcome } });
      // Approved at the provider: take the money now rather than wait for the buyer's browser, which may
      // never come back (a closed tab). After the answer, so the provider is not kept waiting.
      if (result.outcome === 'moved' && result.order?.state === 'approved') {
        orders
          .capture(result.order.id)
          .catch((err: unknown) =>
            logger.warn(
              { err, orderId: result.order?.id },
              'capture after approval failed (reconciliation will retry)',
            ),
          );
      }
    },
  );

  return router;
}

/** /api/admin/plans and /api/admin/deals: the `admin` scope, read from the database on every call. */
export function paymentAdminRoutes(deps: Pick<PaymentRoutesDeps, 'accounts' | 'catalogue'>): Router {
  const { accounts, catalogue } = deps;
  const router = Router();
  // Only its own paths: /api/admin/login and /users belong to the accounts' admin router.
  router.use(
    ['/plans', '/deals'],
    accountRequests,
    requireUser(accounts),
    requireScope('admin', (uid, scope) => accounts.holdsScope(uid, scope)),
  );
  const planId = (req: Request) => parseInput(z.object({ id: PlanIdSchema }), req.params).id;
  const dealCode = (req: Request) => parseInput(z.object({ code: DealCodeSchema }), req.params).code;

  router.get('/plans', async (_req, res) => {
    res.json({ data: await catalogue.adminPlans() });
  });
  router.post('/plans', async (req, res) => {
    const body = parseInput(AdminCreatePlanBodySchema, req.body);
    res.status(201).json({ data: await catalogue.createPlan(authOf(res), body, requestContext(req)) });
  });
  router.patch('/plans/:id', async (req, res) => {
    const body = parseInput(AdminUpdatePlanBodySchema, req.body);
    res.json({ data: await catalogue.updatePlan(authOf(res), planId(req), body, requestContext(req)) });
  });
  router.delete('/plans/:id', async (req, res) => {
    res.json({ data: await catalogue.retirePlan(authOf(res), planId(req), requestContext(req)) });
  });

  router.get('/deals', async (_req, res) => {
    res.json({ data: await catalogue.adminDeals() });
  });
  router.post('/deals', async (req, res) => {
    const body = parseInput(AdminCreateDealBodySchema, req.body);
    res.status(201).json({ data: await catalogue.createDeal(authOf(res), body, requestContext(req)) });
  });
  router.patch('/deals/:code', async (req, res) => {
    const body = parseInput(AdminUpdateDealBodySchema, req.body);
    res.json({ data: await catalogue.updateDeal(authOf(res), dealCode(req), body, requestContext(req)) });
  });
  router.delete('/deals/:code', async (req, res) => {
    res.json({ data: await catalogue.retireDeal(authOf(res), dealCode(req), requestContext(req)) });
  });
  return router;
}
