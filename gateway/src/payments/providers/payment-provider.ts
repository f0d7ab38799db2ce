import type { OrderState, PaymentEventKind } from '../order-state.ts';

export type PaymentProviderId = 'sandbox' | 'paypal' | 'stripe';

/** What we ask a provider to collect. Amounts are integers in the currency's minor unit (see money.ts). */
export interface CheckoutRequest {
  /** Our order id: carried through the provider so its events can be matched without a lookup. */
  ourOrderId: string;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the buyer sees at the provider, e.g. "Pitchside Premium, 1 month". */
  description: string;
  /** Where the provider sends the buyer after approving (PayPal, sandbox) or paying (Stripe). */
  returnUrl: string;
  /** Where the provider sends the buyer who gives up. */
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's id for this payment: PayPal order id, Stripe Checkout Session id, sandbox checkout id. */
  providerReference: string;
  /** Send the buyer's browser here. */
  redirectUrl: string;
}

export interface CaptureRequest {
  providerReference: string;
  /** The capture's idempotency key derives from it, so two captures of one order capture once. */
  ourOrderId: string;
}

export interface CaptureResult {
  /**
   * "approved" when the provider accepted the capture but the money is still pending; "cancelled" when the
   * payment expired at the provider before it could be taken.
   */
  state: Extract<OrderState, 'approved' | 'captured' | 'failed' | 'cancelled'>;
  providerReference: string;
  /** The provider's id of the money movement (PayPal capture id, Stripe PaymentIntent id). */
  captureId?: string;
}

/** A provider's webhook, verified and normalised: the only way a provider's word enters our state. */
export interface PaymentEvent {
  provider: PaymentProviderId;
  /** Unique per provider: stored with the state change so an event is applied once. */
  providerEventId: string;
  kind: PaymentEventKind;
  providerReference: string;
  /** Present when the provider carried it back (metadata, custom id); otherwise match by reference. */
  ourOrderId?: string;
  /** Minor units; for "refunded" the amount refunded. */
  amount: number;
  currency: string;
  occurredAt: Date;
}

/** A webhook as it arrived: the exact bytes (signatures cover them) and the headers, as Node gives them. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What the provider says of a payment now, for the reconciliation of orders left in a middle state. */
export interface ProviderPaymentState {
  state: OrderState;
  providerReference: string;
  ourOrderId?: string;
  amount: number;
  currency: string;
}

/**
 * One payment method. Every method either does what it says or throws a `PaymentError`:
 * `payment:provider-unavailable` (network, timeout, 5xx: retry later), `payment:provider-failed` (the
 * provider refused or answered outside its documented shape), and for webhooks
 * `payment:signature-invalid`, `payment:signature-expired`, `payment:cert-untrusted`,
 * `payment:payload-invalid` (refuse; nothing was applied) and `payment:unknown-event` (the signature is
 * good but the event is not one we act on: answer 2xx so the provider stops resending it).
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Idempotent: capturing a captured payment answers "captured" again and moves no money. */
  capture(request: CaptureRequest): Promise<CaptureResult>;
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent>;
  /** Null when the provider does not know the reference (never created, or expired and purged). */
  fetchState(providerReference: string): Promise<ProviderPaymentState | null>;
}

/** Idempotency keys derive from our order id: a retry after a crash or a timeout reuses the same key. */
export const idempotencyKey = (purpose: 'create' | 'capture', ourOrderId: string): string =>
  `pitchside-${purpose}-${ourOrderId}`;

/** Node lower-cases header names; a repeated header is refused rather than guessed between. */
export function singleHeader(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
