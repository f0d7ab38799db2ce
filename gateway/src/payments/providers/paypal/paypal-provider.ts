import type { z } from 'zod';
import type { OrderState } from '../../order-state.ts';
import { PaymentError } from '../../payment-error.ts';
import { fromDecimalString, toDecimalString } from '../../money.ts';
import {
  idempotencyKey,
  type CaptureResult,
  type PaymentEvent,
  type PaymentProvider,
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
import {
  PayPalAccessToken,
  PayPalCapture,
  PayPalError,
  PayPalOrder,
  PayPalRefund,
  PayPalWebhookEvent,
  type PayPalMoney,
} from './paypal-schemas.ts';
import { parseWebhookPayload } from '../webhook-payload.ts';
import { PayPalWebhookVerifier } from './paypal-webhook-verifier.ts';

export const PAYPAL_API = {
  live: 'https://api-m.paypal.com',
  sandbox: 'https://api-m.sandbox.paypal.com',
} as const;

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered for our gateway; part of every signed message. */
  webhookId: string;
  /** PAYPAL_API.live or PAYPAL_API.sandbox. */
  apiBaseUrl: string;
  /** Shown on PayPal's approval page. */
  brandName?: string;
  http?: ProviderHttp;
  now?: () => number;
}

/** A token is refreshed this long before PayPal's expires_in runs out, so no call carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal Checkout through Orders v2: create an order with intent CAPTURE, send the buyer to its
 * payer-action link, capture it when they come back approved (or when CHECKOUT.ORDER.APPROVED arrives).
 * Both writes carry `PayPal-Request-Id` derived from our order id, which PayPal uses to answer a repeated
 * call with the first call's result instead of creating or capturing again.
 */
export function createPayPalProvider(options: PayPalProviderOptions): PaymentProvider {
  const http = options.http ?? defaultProviderHttp();
  const now = options.now ?? Date.now;
  const base = options.apiBaseUrl.replace(/\/+$/, '');
  const verifier = new PayPalWebhookVerifier({ webhookId: options.webhookId, http, now });

  let token: { value: string; expiresAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await providerRequest(http, `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (response.status !== 200) throw refused('PayPal OAuth token', response, errorName(response));
    const body = parseProviderBody(PayPalAccessToken, response.body, 'PayPal OAuth token');
    token = { value: body.access_token, expiresAt: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  /** One token for every call until it nears expiry; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => (tokenRequest = undefined));
    return tokenRequest;
  }

  /** An API call with the bearer token; a 401 (token revoked early) gets one retry with a new token. */
  async function api(
    path: string,
    init: RequestInit & { headers?: Record<string, string> },
  ): Promise<ProviderResponse> {
    const call = async () =>
      providerRequest(http, `${base}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...init.headers,
          authorization: `Bearer ${await accessToken()}`,
        },
      });
    const response = await call();
    if (response.status !== 401) return response;
    token = undefined;
    return call();
  }

  async function showOrder(orderId: string): Promise<z.infer<typeof PayPalOrder> | null> {
    const response = await api(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: 'GET' });
    if (response.status === 404) return null;
    if (response.status !== 200) throw refused('PayPal show order', response, errorName(response));
    return parseProviderBody(PayPalOrder, response.body, 'PayPal order');
  }

  return {
    id: 'paypal',

    async createCheckout(request) {
      const response = await api('/v2/checkout/orders', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-request-id': idempotencyKey('create', request.ourOrderId),
          prefer: 'return=minimal',
        },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.ourOrderId,
              // Copied by PayPal onto the capture, so PAYMENT.CAPTURE.* events name our order.
              custom_id: request.ourOrderId,
              description: request.description.slice(0, 127),
              amount: {
                currency_code: request.currency,
                value: toDecimalString(request.amount, request.currency),
              },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: options.brandName ?? 'Pitchside',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
              },
            },
          },
        }),
      });
      // 201 when created, 200 when PayPal answers a repeated PayPal-Request-Id with the same order.
      if (response.status !== 201 && response.status !== 200) {
        throw refused('PayPal create order', response, errorName(response));
      }
      const order = parseProviderBody(PayPalOrder, response.body, 'PayPal order');
      // payment_source.experience_context gives "payer-action"; the older application_context gave "approve".
      const link =
        order.links.find((l) => l.rel === 'payer-action') ?? order.links.find((l) => l.rel === 'approve');
      if (!link)
        throw new PaymentError('payment:provider-failed', `PayPal order ${order.id} has no approval link`);
      return { providerReference: order.id, redirectUrl: link.href };
    },

    async capture({ providerReference, ourOrderId }): Promise<CaptureResult> {
      const response = await api(`/v2/checkout/orders/${encodeURIComponent(providerReference)}/capture`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-request-id': idempotencyKey('capture', ourOrderId),
        },
      });
      if (response.status === 201 || response.status === 200) {
        const order = parseProviderBody(PayPalOrder, response.body, 'PayPal captured order');
        return captureResult(order);
      }
      const issue = errorIssue(response);
      if (response.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured before under another request id (a retry after our request-id store was lost): ask.
        const order = await showOrder(providerReference);
        if (order) return captureResult(order);
      }
      if (response.status === 422 && issue === 'ORDER_NOT_APPROVED') {
        throw new PaymentError('payment:not-approved', `PayPal order ${providerReference}`);
      }
      // The buyer's card or bank said no. PayPal lets the buyer pick another funding source for the same
      // order; we do not offer that loop: the order fails and the buyer starts a new one.
      if (response.status === 422 && (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED')) {
        return { state: 'failed', providerReference };
      }
      throw refused('PayPal capture', response, errorName(response));
    },

    async verifyWebhook(request): Promise<PaymentEvent> {
      await verifier.verify(request);
      const event = parseWebhookPayload(PayPalWebhookEvent, request.rawBody, 'PayPal webhook');
      const common = {
        provider: 'paypal' as const,
        providerEventId: event.id,
        occurredAt: new Date(event.create_time),
      };
      switch (event.event_type) {
        case 'CHECKOUT.ORDER.APPROVED': {
          const order = parseWebhookPayload(PayPalOrder, event.resource, 'CHECKOUT.ORDER.APPROVED resource');
          const unit = order.purchase_units?.[0];
          if (!unit?.amount)
            throw new PaymentError('payment:payload-invalid', 'the approved order has no amount');
          return {
            ...common,
            kind: 'approved',
            providerReference: order.id,
            ...ourOrder(unit.custom_id ?? unit.reference_id),
            ...money(unit.amount),
          };
        }
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED': {
          const capture = parseWebhookPayload(PayPalCapture, event.resource, `${event.event_type} resource`);
          const orderId = capture.supplementary_data?.related_ids?.order_id;
          if (!orderId)
            throw new PaymentError('payment:payload-invalid', `capture ${capture.id} names no order`);
          return {
            ...common,
            kind: event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'captured' : 'failed',
            providerReference: orderId,
            ...ourOrder(capture.custom_id),
            ...money(capture.amount),
          };
        }
        case 'PAYMENT.CAPTURE.REFUNDED': {
          const refund = parseWebhookPayload(
            PayPalRefund,
            event.resource,
            'PAYMENT.CAPTURE.REFUNDED resource',
          );
          // A refund names its capture only by link; the capture names the order.
          const up = refund.links.find((l) => l.rel === 'up')?.href ?? '';
          const captureId = /\/v2\/payments\/captures\/([^/?#]+)$/.exec(up)?.[1];
          if (!captureId)
            throw new PaymentError('payment:payload-invalid', `refund ${refund.id} links to no capture`);
          const capture = await showCapture(captureId);
          const orderId = capture.supplementary_data?.related_ids?.order_id;
          if (!orderId)
            throw new PaymentError('payment:provider-failed', `capture ${captureId} names no order`);
          return {
            ...common,
            kind: 'refunded',
            providerReference: orderId,
            ...ourOrder(refund.custom_id ?? capture.custom_id),
            ...money(refund.amount),
          };
        }
        default:
          throw new PaymentError('payment:unknown-event', `PayPal ${event.event_type}`);
      }
    },

    async fetchState(providerReference): Promise<ProviderPaymentState | null> {
      const order = await showOrder(providerReference);
      if (!order) return null;
      const unit = order.purchase_units?.[0];
      const amount = unit?.amount ?? unit?.payments?.captures?.[0]?.amount;
      if (!amount)
        throw new PaymentError('payment:provider-failed', `PayPal order ${order.id} has no amount`);
      return {
        state: orderState(order),
        providerReference: order.id,
        ...ourOrder(unit?.custom_id ?? unit?.reference_id),
        ...money(amount),
      };
    },
  };

  async function showCapture(captureId: string) {
    const response = await api(`/v2/payments/captures/${encodeURIComponent(captureId)}`, { method: 'GET' });
    if (response.status !== 200) throw refused('PayPal show capture', response, errorName(response));
    return parseProviderBody(PayPalCapture, response.body, 'PayPal capture');
  }
}

function captureResult(order: PayPalOrder): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const state = orderState(order);
  return {
    // A captured order refunded since is still one whose capture happened.
    state:
      state === 'refunded' ? 'captured' : state === 'captured' || state === 'failed' ? state : 'approved',
    providerReference: order.id,
    ...(capture ? { captureId: capture.id } : {}),
  };
}

/** An order's status, refined by its capture's once it is COMPLETED (PayPal's COMPLETED means "captured at"). */
function orderState(order: PayPalOrder): OrderState {
  switch (order.status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return 'created';
    case 'APPROVED':
      return 'approved';
    case 'VOIDED':
      return 'cancelled';
    case 'COMPLETED':
      switch (order.purchase_units?.[0]?.payments?.captures?.[0]?.status) {
        case 'COMPLETED':
          return 'captured';
        case 'REFUNDED':
        case 'PARTIALLY_REFUNDED':
          return 'refunded';
        case 'DECLINED':
        case 'FAILED':
          return 'failed';
        default:
          // PENDING (an eCheck, a review): the money has not moved yet.
          return 'approved';
      }
  }
}

function money(amount: PayPalMoney): { amount: number; currency: string } {
  try {
    return { amount: fromDecimalString(amount.value, amount.currency_code), currency: amount.currency_code };
  } catch (error) {
    throw new PaymentError('payment:payload-invalid', String(error), { cause: error });
  }
}

const ourOrder = (id: string | undefined): { ourOrderId?: string } => (id ? { ourOrderId: id } : {});

function errorBody(response: ProviderResponse) {
  const parsed = PayPalError.safeParse(response.body);
  return parsed.success ? parsed.data : undefined;
}
const errorIssue = (response: ProviderResponse) => errorBody(response)?.details?.[0]?.issue;
function errorName(response: ProviderResponse): string | undefined {
  const error = errorBody(response);
  if (!error) return undefined;
  return [error.name, error.details?.[0]?.issue, error.debug_id && `debug_id ${error.debug_id}`]
    .filter(Boolean)
    .join(' ');
}
