import type { OrderState } from '../../order-state.ts';
import { PaymentError } from '../../payment-error.ts';
import {
  idempotencyKey,
  type CaptureResult,
  type PaymentEvent,
  type PaymentProvider,
  singleHeader,
  type ProviderPaymentState,
} from '../payment-provider.ts';
import {
  defaultProviderHttp,
  parseProviderBody,
  providerRequest,
  refused,
  type ProviderHttp,
  type ProviderResponse,
} from '../provider-http.ts';
import { DEFAULT_TOLERANCE_S, verifyTimestampedHmac } from '../timestamped-hmac.ts';
import { parseWebhookPayload } from '../webhook-payload.ts';
import { toStripeForm } from './stripe-form.ts';
import {
  StripeCharge,
  StripeCheckoutSession,
  StripeErrorBody,
  StripeEvent,
  StripeSessionList,
} from './stripe-schemas.ts';

export const STRIPE_API = 'https://api.stripe.com';

/**
 * Pinned so the objects Stripe sends our requests do not change shape under us when the account's default
 * version moves. Webhook payloads follow the version of the webhook endpoint: register it with this one.
 */
export const STRIPE_API_VERSION = '2024-06-20';

/** The metadata key carrying our order id on the session and on its PaymentIntent (and so its charges). */
const ORDER_KEY = 'order_id';

export interface StripeProviderOptions {
  /** sk_live_... or sk_test_... */
  secretKey: string;
  /** whsec_...: the signing secret of our webhook endpoint. */
  webhookSecret: string;
  apiBaseUrl?: string;
  /** Seconds a signed notification stays acceptable; Stripe's libraries use 300. */
  toleranceS?: number;
  http?: ProviderHttp;
  now?: () => number;
}

/**
 * Card payments through Stripe Checkout in payment mode. Stripe captures when the buyer pays, so there is
 * nothing left for `capture` to move: it asks Stripe where the session stands. The create call carries an
 * `Idempotency-Key` derived from our order id, so a retried create returns the same session.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const http = options.http ?? defaultProviderHttp();
  const now = options.now ?? Date.now;
  const base = (options.apiBaseUrl ?? STRIPE_API).replace(/\/+$/, '');

  const api = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
    providerRequest(http, `${base}${path}`, {
      ...init,
      headers: {
        ...init.headers,
        authorization: `Bearer ${options.secretKey}`,
        'stripe-version': STRIPE_API_VERSION,
      },
    });

  async function retrieveSession(sessionId: string): Promise<StripeCheckoutSession | null> {
    const query = new URLSearchParams({ 'expand[]': 'payment_intent.latest_charge' });
    const response = await api(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}?${query}`, {
      method: 'GET',
    });
    if (response.status === 404) return null;
    if (response.status !== 200) throw refused('Stripe retrieve session', response, errorName(response));
    return parseProviderBody(StripeCheckoutSession, response.body, 'Stripe Checkout Session');
  }

  /** A refunded charge names only its PaymentIntent; the session is found by it. */
  async function sessionOfPaymentIntent(paymentIntentId: string): Promise<StripeCheckoutSession | null> {
    const query = new URLSearchParams({ payment_intent: paymentIntentId, limit: '1' });
    const response = await api(`/v1/checkout/sessions?${query}`, { method: 'GET' });
    if (response.status !== 200) throw refused('Stripe list sessions', response, errorName(response));
    return parseProviderBody(StripeSessionList, response.body, 'Stripe session list').data[0] ?? null;
  }

  return {
    id: 'stripe',

    async createCheckout(request) {
      const form = toStripeForm({
        mode: 'payment',
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.ourOrderId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amount,
              product_data: { name: request.description },
            },
          },
        ],
        metadata: { [ORDER_KEY]: request.ourOrderId },
        payment_intent_data: { metadata: { [ORDER_KEY]: request.ourOrderId } },
      });
      const response = await api('/v1/checkout/sessions', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey('create', request.ourOrderId),
        },
        body: form.toString(),
      });
      if (response.status !== 200) throw refused('Stripe create session', response, errorName(response));
      const session = parseProviderBody(StripeCheckoutSession, response.body, 'Stripe Checkout Session');
      if (!session.url)
        throw new PaymentError('payment:provider-failed', `Stripe session ${session.id} has no url`);
      return { providerReference: session.id, redirectUrl: session.url };
    },

    async capture({ providerReference }): Promise<CaptureResult> {
      const session = await retrieveSession(providerReference);
      if (!session)
        throw new PaymentError('payment:provider-failed', `Stripe knows no session ${providerReference}`);
      const state = sessionState(session);
      if (state === 'created')
        throw new PaymentError('payment:not-approved', `Stripe session ${session.id} is open`);
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      return {
        state: state === 'refunded' ? 'captured' : state,
        providerReference: session.id,
        ...(paymentIntent ? { captureId: paymentIntent } : {}),
      };
    },

    async verifyWebhook(request): Promise<PaymentEvent> {
      verifyTimestampedHmac(
        singleHeader(request.headers, 'stripe-signature'),
        request.rawBody,
        options.webhookSecret,
        {
          nowS: Math.floor(now() / 1000),
          toleranceS: options.toleranceS ?? DEFAULT_TOLERANCE_S,
        },
      );
      const event = parseWebhookPayload(StripeEvent, request.rawBody, 'Stripe event');
      const common = {
        provider: 'stripe' as const,
        providerEventId: event.id,
        occurredAt: new Date(event.created * 1000),
      };
      const kind = SESSION_EVENTS[event.type];
      if (kind) {
        const session = parseWebhookPayload(StripeCheckoutSession, event.data.object, `${event.type} object`);
        if (session.amount_total === null || !session.currency) {
          throw new PaymentError('payment:payload-invalid', `session ${session.id} has no amount`);
        }
        return {
          ...common,
          // A completed session paid by a delayed method (SEPA debit, bank transfer) is approved, not yet
          // paid: its async_payment_succeeded or _failed follows.
          kind: kind === 'captured' && session.payment_status === 'unpaid' ? 'approved' : kind,
          providerReference: session.id,
          ...ourOrder(session.metadata?.[ORDER_KEY] ?? session.client_reference_id),
          amount: session.amount_total,
          currency: session.currency.toUpperCase(),
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = parseWebhookPayload(StripeCharge, event.data.object, 'charge.refunded object');
        if (!charge.payment_intent)
          throw new PaymentError('payment:payload-invalid', `charge ${charge.id} has no payment_intent`);
        const session = await sessionOfPaymentIntent(charge.payment_intent);
        // A charge made outside Checkout (in the dashboard, by another integration) is none of our orders.
        if (!session)
          throw new PaymentError(
            'payment:unknown-event',
            `charge ${charge.id} belongs to no Checkout Session`,
          );
        return {
          ...common,
          kind: 'refunded',
          providerReference: session.id,
          ...ourOrder(
            charge.metadata?.[ORDER_KEY] ?? session.metadata?.[ORDER_KEY] ?? session.client_reference_id,
          ),
          amount: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
        };
      }
      throw new PaymentError('payment:unknown-event', `Stripe ${event.type}`);
    },

    async fetchState(providerReference): Promise<ProviderPaymentState | null> {
      const session = await retrieveSession(providerReference);
      if (!session) return null;
      if (session.amount_total === null || !session.currency) {
        throw new PaymentError('payment:provider-failed', `Stripe session ${session.id} has no amount`);
      }
      return {
        state: sessionState(session),
        providerReference: session.id,
        ...ourOrder(session.metadata?.[ORDER_KEY] ?? session.client_reference_id),
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
      };
    },
  };
}

/** Checkout Session events and what they claim; completed is refined by payment_status. */
const SESSION_EVENTS: Partial<Record<string, PaymentEvent['kind']>> = {
  'checkout.session.completed': 'captured',
  'checkout.session.async_payment_succeeded': 'captured',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'cancelled',
};

function sessionState(session: StripeCheckoutSession): OrderState {
  if (session.status === 'expired') return 'cancelled';
  if (session.status !== 'complete') return 'created';
  if (session.payment_status === 'unpaid') {
    // A delayed payment that failed leaves the PaymentIntent waiting for a new payment method.
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : undefined;
    return intent?.status === 'requires_payment_method' || intent?.status === 'canceled'
      ? 'failed'
      : 'approved';
  }
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : undefined;
  const charge = typeof intent?.latest_charge === 'object' ? intent.latest_charge : undefined;
  return charge && charge.amount_refunded > 0 ? 'refunded' : 'captured';
}

const ourOrder = (id: string | null | undefined): { ourOrderId?: string } => (id ? { ourOrderId: id } : {});

function errorName(response: ProviderResponse): string | undefined {
  const parsed = StripeErrorBody.safeParse(response.body);
  return parsed.success
    ? [parsed.data.error.type, parsed.data.error.code].filter(Boolean).join(' ')
    : undefined;
}
