import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OrderState } from '../../order-state.ts';
import { PaymentError } from '../../payment-error.ts';
import {
  singleHeader,
  type CaptureResult,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentState,
} from '../payment-provider.ts';
import { defaultProviderHttp, type ProviderHttp } from '../provider-http.ts';
import { DEFAULT_TOLERANCE_S, signTimestampedHmac, verifyTimestampedHmac } from '../timestamped-hmac.ts';
import { parseWebhookPayload } from '../webhook-payload.ts';
import { createMemorySandboxLedger, type SandboxCheckout, type SandboxLedger } from './sandbox-ledger.ts';

/**
 * The payment provider built into Pitchside, so a newcomer can buy a plan end to end with no account
 * anywhere (issue 5). It behaves like the real ones: a hosted checkout page where the buyer approves,
 * declines or cancels; an approved payment is captured by a separate, idempotent call; every change is
 * announced by a signed webhook to the gateway, which trusts nothing else. Its signature is Stripe's
 * scheme (timestamped HMAC-SHA256) under its own header, so the same replay window applies.
 */

export const SANDBOX_SIGNATURE_HEADER = 'pitchside-sandbox-signature';

export type SandboxDecision = 'approve' | 'decline' | 'cancel';

const EVENT_TYPES = {
  'checkout.approved': 'approved',
  'checkout.captured': 'captured',
  'checkout.declined': 'failed',
  'checkout.cancelled': 'cancelled',
  'checkout.refunded': 'refunded',
} as const satisfies Record<string, PaymentEvent['kind']>;
type SandboxEventType = keyof typeof EVENT_TYPES;

export const SandboxEvent = z.object({
  id: z.string().regex(/^sbxevt_[A-Za-z0-9_-]+$/),
  type: z.string(),
  created: z.number().int(),
  data: z.object({
    checkoutId: z.string().min(1),
    orderId: z.string().min(1),
    amount: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEvent>;

export interface SandboxProviderOptions {
  /** Shared by the sandbox (which signs) and the gateway's webhook route (which verifies). */
  webhookSecret: string;
  /** The hosted checkout page; a checkout's page is `${checkoutPageUrl}/${checkoutId}`. */
  checkoutPageUrl: string;
  /**
   * Where the sandbox posts its webhooks: the gateway's sandbox webhook route. A function when it is known only
   * once the gateway listens (port 0 in tests), or to let a test lose deliveries.
   */
  webhookUrl: string | (() => string);
  ledger?: SandboxLedger;
  toleranceS?: number;
  /**
   * Waits before each redelivery of a webhook the gateway did not take with a 2xx, like a real provider's
   * retries; reconciliation repairs what is lost after the last one. Empty: deliver once.
   */
  redeliveryDelaysMs?: readonly number[];
  /** Told about each failed delivery, for the log. */
  onDeliveryFailure?: (event: SandboxEvent, error: unknown) => void;
  http?: ProviderHttp;
  now?: () => number;
}

export interface SandboxProvider extends PaymentProvider {
  readonly id: 'sandbox';
  /** What the hosted page shows; undefined for an unknown id. */
  checkout(checkoutId: string): Promise<SandboxCheckout | undefined>;
  /**
   * The buyer's choice on the hosted page. Only the first choice counts (a second click, a second tab);
   * the answer is where to send the buyer's browser: the return URL, or the cancel URL for "cancel".
   */
  decide(checkoutId: string, decision: SandboxDecision): Promise<{ redirectUrl: string; state: OrderState }>;
  /** Refunds a captured payment, as a provider's dashboard would: the way to exercise refunds locally. */
  refund(checkoutId: string): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const http = options.http ?? defaultProviderHttp();
  const now = options.now ?? Date.now;
  const ledger = options.ledger ?? createMemorySandboxLedger();
  const pageUrl = options.checkoutPageUrl.replace(/\/+$/, '');

  async function get(checkoutId: string): Promise<SandboxCheckout> {
    const checkout = await ledger.get(checkoutId);
    if (!checkout) throw new PaymentError('payment:checkout-not-found', checkoutId);
    return checkout;
  }

  async function post(event: SandboxEvent): Promise<void> {
    const body = Buffer.from(JSON.stringify(event));
    const url = typeof options.webhookUrl === 'function' ? options.webhookUrl() : options.webhookUrl;
    const response = await http.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signTimestampedHmac(
          options.webhookSecret,
          body,
          Math.floor(now() / 1000),
        ),
      },
      body,
      signal: AbortSignal.timeout(http.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299)
      throw new Error(`webhook answered ${response.status}`);
  }

  /**
   * The first delivery is awaited, so the gateway usually knows before the buyer's browser lands on the
   * result page; redeliveries are signed afresh each time (a new timestamp), as Stripe's are.
   */
  async function announce(checkout: SandboxCheckout, type: SandboxEventType): Promise<void> {
    const event: SandboxEvent = {
      id: randomId('sbxevt'),
      type,
      created: Math.floor(now() / 1000),
      data: {
        checkoutId: checkout.id,
        orderId: checkout.ourOrderId,
        amount: checkout.amount,
        currency: checkout.currency,
      },
    };
    const delays = [...(options.redeliveryDelaysMs ?? [1_000, 5_000, 30_000])];
    const attempt = async (): Promise<void> => {
      try {
        await post(event);
      } catch (error) {
        options.onDeliveryFailure?.(event, error);
        const delay = delays.shift();
        if (delay !== undefined) setTimeout(() => void attempt(), delay).unref();
      }
    };
    await attempt();
  }

  const redirectFor = (checkout: SandboxCheckout, state: OrderState): string => {
    const url = new URL(state === 'cancelled' ? checkout.cancelUrl : checkout.returnUrl);
    url.searchParams.set('checkout', checkout.id);
    return url.href;
  };

  return {
    id: 'sandbox',

    async createCheckout(request) {
      const checkout = await ledger.insertOnce({
        id: randomId('sbx'),
        ourOrderId: request.ourOrderId,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        state: 'created',
        createdAt: now(),
      });
      return { providerReference: checkout.id, redirectUrl: `${pageUrl}/${encodeURIComponent(checkout.id)}` };
    },

    checkout: (checkoutId) => ledger.get(checkoutId),

    async decide(checkoutId, decision) {
      const checkout = await get(checkoutId);
      const to = ({ approve: 'approved', decline: 'failed', cancel: 'cancelled' } as const)[decision];
      if (await ledger.move(checkoutId, ['created'], to)) {
        await announce(
          checkout,
          (
            {
              approved: 'checkout.approved',
              failed: 'checkout.declined',
              cancelled: 'checkout.cancelled',
            } as const
          )[to],
        );
        return { redirectUrl: redirectFor(checkout, to), state: to };
      }
      const current = (await get(checkoutId)).state;
      return { redirectUrl: redirectFor(checkout, current), state: current };
    },

    async capture({ providerReference, ourOrderId }): Promise<CaptureResult> {
      const checkout = await get(providerReference);
      if (checkout.ourOrderId !== ourOrderId) {
        throw new PaymentError(
          'payment:provider-failed',
          `checkout ${checkout.id} is not for order ${ourOrderId}`,
        );
      }
      // Of concurrent captures one moves the money and announces it; the others see it captured.
      if (await ledger.move(checkout.id, ['approved'], 'captured')) {
        await announce(checkout, 'checkout.captured');
        return { state: 'captured', providerReference: checkout.id, captureId: checkout.id };
      }
      const state = (await get(checkout.id)).state;
      switch (state) {
        case 'created':
          throw new PaymentError('payment:not-approved', `sandbox checkout ${checkout.id}`);
        case 'captured':
        case 'refunded':
          return { state: 'captured', providerReference: checkout.id, captureId: checkout.id };
        case 'approved':
          // Unreachable with a compare-and-set ledger; say so rather than guess.
          throw new PaymentError('payment:provider-failed', `sandbox checkout ${checkout.id} did not move`);
        default:
          return { state, providerReference: checkout.id };
      }
    },

    async refund(checkoutId) {
      const checkout = await get(checkoutId);
      if (await ledger.move(checkoutId, ['captured'], 'refunded'))
        await announce(checkout, 'checkout.refunded');
    },

    async verifyWebhook(request): Promise<PaymentEvent> {
      verifyTimestampedHmac(
        singleHeader(request.headers, SANDBOX_SIGNATURE_HEADER),
        request.rawBody,
        options.webhookSecret,
        {
          nowS: Math.floor(now() / 1000),
          toleranceS: options.toleranceS ?? DEFAULT_TOLERANCE_S,
        },
      );
      const event = parseWebhookPayload(SandboxEvent, request.rawBody, 'sandbox event');
      const kind = (EVENT_TYPES as Partial<Record<string, PaymentEvent['kind']>>)[event.type];
      if (!kind) throw new PaymentError('payment:unknown-event', `sandbox ${event.type}`);
      return {
        provider: 'sandbox',
        providerEventId: event.id,
        kind,
        providerReference: event.data.checkoutId,
        ourOrderId: event.data.orderId,
        amount: event.data.amount,
        currency: event.data.currency,
        occurredAt: new Date(event.created * 1000),
      };
    },

    async fetchState(providerReference): Promise<ProviderPaymentState | null> {
      const checkout = await ledger.get(providerReference);
      if (!checkout) return null;
      return {
        state: checkout.state,
        providerReference: checkout.id,
        ourOrderId: checkout.ourOrderId,
        amount: checkout.amount,
        currency: checkout.currency,
      };
    },
  };
}
