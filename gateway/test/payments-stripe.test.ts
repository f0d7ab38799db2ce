import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider, WebhookRequest } from '../src/payments/providers/payment-provider.ts';
import {
  createStripeProvider,
  STRIPE_API_VERSION,
} from '../src/payments/providers/stripe/stripe-provider.ts';
import { monthlyCheckout, paymentOutcome, webhookFixture } from './support/payment-adapter.ts';
import { startStripePeer, type StripePeer } from './support/stripe-peer.ts';

/**
 * The Stripe Checkout adapter against a local peer speaking Stripe's API, and Stripe's webhook signature
 * computed here exactly as Stripe documents it (docs.stripe.com/webhooks#verify-manually), independently
 * of the adapter's own code.
 */

const SECRET_KEY = 'sk_test_51PqR0aLkdIwHu7ixTESTKEY';
const WEBHOOK_SECRET = 'whsec_5f2b7e0c9d4a18e3b6c1f0a7d2e9b4c3';
const fixture = (name: string) => webhookFixture('stripe', name);

let peer: StripePeer;
let now = Date.now();

const provider = (webhookSecret = WEBHOOK_SECRET): PaymentProvider =>
  createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret,
    apiBaseUrl: peer.url,
    http: { fetch: globalThis.fetch, timeoutMs: 5_000 },
    now: () => now,
  });

function signed(rawBody: Buffer, options: { secret?: string; at?: number } = {}): WebhookRequest {
  const t = options.at ?? Math.floor(now / 1000);
  const v1 = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(`${t}.${rawBody.toString('utf8')}`)
    .digest('hex');
  return { rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } };
}

beforeAll(async () => {
  peer = await startStripePeer(SECRET_KEY);
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.requests.length = 0;
  now = Date.now();
});

describe('Stripe Checkout', () => {
  it('creates a session form-encoded, with our order id in metadata and an Idempotency-Key', async () => {
    const stripe = provider();
    const result = await stripe.createCheckout(monthlyCheckout('ord_s1'));
    expect(result.providerReference).toMatch(/^cs_test_/);
    expect(result.redirectUrl).toBe(
      `https://checkout.stripe.com/c/pay/${result.providerReference}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    );

    const [call] = peer.requests;
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call?.headers['idempotency-key']).toBe('pitchside-create-ord_s1');
    expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      mode: 'payment',
      success_url: 'https://pitchside.example/en/payment/result?order=ord_s1',
      cancel_url: 'https://pitchside.example/en/pricing?cancelled=ord_s1',
      client_reference_id: 'ord_s1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][product_data][name]': 'Pitchside Premium, 1 month',
      'metadata[order_id]': 'ord_s1',
      'payment_intent_data[metadata][order_id]': 'ord_s1',
    });
  });

  it('a retried create returns the same session; the same key with another amount is refused', async () => {
    const stripe = provider();
    const [a, b] = await Promise.all([
      stripe.createCheckout(monthlyCheckout('ord_s2')),
      stripe.createCheckout(monthlyCheckout('ord_s2')),
    ]);
    expect(b.providerReference).toBe(a.providerReference);
    expect(await paymentOutcome(stripe.createCheckout(monthlyCheckout('ord_s2', 1999)))).toBe(
      'payment:provider-failed',
    );
  });

  it('capture asks where the session stands: open is not approved, paid is captured, however often asked', async () => {
    const stripe = provider();
    const { providerReference } = await stripe.createCheckout(monthlyCheckout('ord_s3'));
    expect(await paymentOutcome(stripe.capture({ providerReference, ourOrderId: 'ord_s3' }))).toBe(
      'payment:not-approved',
    );
    peer.complete(providerReference);
    const first = await stripe.capture({ providerReference, ourOrderId: 'ord_s3' });
    expect(first).toEqual({ state: 'captured', providerReference, captureId: expect.stringMatching(/^pi_/) });
    expect(await stripe.capture({ providerReference, ourOrderId: 'ord_s3' })).toEqual(first);
  });

  it('reports each session state for reconciliation', async () => {
    const stripe = provider();
    const paid = await stripe.createCheckout(monthlyCheckout('ord_s4'));
    expect(await stripe.fetchState(paid.providerReference)).toEqual({
      state: 'created',
      providerReference: paid.providerReference,
      ourOrderId: 'ord_s4',
      amount: 999,
      currency: 'EUR',
    });
    peer.complete(paid.providerReference, false);
    expect(await stripe.fetchState(paid.providerReference)).toMatchObject({ state: 'approved' });
    peer.complete(paid.providerReference, true);
    expect(await stripe.fetchState(paid.providerReference)).toMatchObject({ state: 'captured' });
    peer.refund(paid.providerReference);
    expect(await stripe.fetchState(paid.providerReference)).toMatchObject({ state: 'refunded' });

    const expired = await stripe.createCheckout(monthlyCheckout('ord_s5'));
    peer.expire(expired.providerReference);
    expect(await stripe.fetchState(expired.providerReference)).toMatchObject({ state: 'cancelled' });
    expect(await stripe.fetchState('cs_test_doesnotexist')).toBeNull();
  });

  it('a wrong secret key fails with a stable code', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: peer.url,
    });
    expect(await paymentOutcome(wrong.createCheckout(monthlyCheckout('ord_s6')))).toBe(
      'payment:provider-failed',
    );
  });
});

describe('Stripe webhooks', () => {
  it('verifies and parses checkout.session.completed', async () => {
    expect(await provider().verifyWebhook(signed(fixture('checkout-session-completed')))).toEqual({
      provider: 'stripe',
      providerEventId: 'evt_1PqR8tLkdIwHu7ixCompl01',
      kind: 'captured',
      providerReference: 'cs_test_a1N4nV0Yb6Qm3kT8pZcXr2LwHs9Ue5Fd7Gj',
      ourOrderId: 'ord_01HQZB7W4C',
      amount: 999,
      currency: 'EUR',
      occurredAt: new Date(1773501720 * 1000),
    });
  });

  it('a delayed payment is approved on completion, then captured or failed', async () => {
    const stripe = provider();
    const kinds = [];
    for (const name of [
      'checkout-session-completed-unpaid',
      'checkout-session-async-payment-succeeded',
      'checkout-session-async-payment-failed',
    ]) {
      const event = await stripe.verifyWebhook(signed(fixture(name)));
      expect(event).toMatchObject({
        providerReference: 'cs_test_b2P5oW1Zc7Rn4lU9qAdYs3MxIt0Vf6Ge8Hk',
        ourOrderId: 'ord_01HQZC3X9D',
        amount: 9900,
      });
      kinds.push(event.kind);
    }
    expect(kinds).toEqual(['approved', 'captured', 'failed']);
  });

  it('an expired session is cancelled', async () => {
    expect(await provider().verifyWebhook(signed(fixture('checkout-session-expired')))).toMatchObject({
      kind: 'cancelled',
      providerReference: 'cs_test_c3Q6pX2Ad8So5mV0rBeZt4NyJu1Wg7Hf9Il',
      ourOrderId: 'ord_01HQZD8Y2E',
    });
  });

  it('charge.refunded finds its session through the PaymentIntent', async () => {
    peer.sessions.set('cs_test_a1N4nV0Yb6Qm3kT8pZcXr2LwHs9Ue5Fd7Gj', {
      id: 'cs_test_a1N4nV0Yb6Qm3kT8pZcXr2LwHs9Ue5Fd7Gj',
      status: 'complete',
      paymentStatus: 'paid',
      amount: 999,
      currency: 'eur',
      orderId: 'ord_01HQZB7W4C',
      clientReferenceId: 'ord_01HQZB7W4C',
      paymentIntent: 'pi_3PqR7sLkdIwHu7ix0aB1cD2e',
      refunded: true,
      created: 1773501600,
    });
    expect(await provider().verifyWebhook(signed(fixture('charge-refunded')))).toEqual({
      provider: 'stripe',
      providerEventId: 'evt_3PqV2yLkdIwHu7ix0Refnd01',
      kind: 'refunded',
      providerReference: 'cs_test_a1N4nV0Yb6Qm3kT8pZcXr2LwHs9Ue5Fd7Gj',
      ourOrderId: 'ord_01HQZB7W4C',
      amount: 999,
      currency: 'EUR',
      occurredAt: new Date(1774000000 * 1000),
    });
  });

  it('refuses a forged body, a wrong secret, and a stale or missing signature', async () => {
    const stripe = provider();
    const genuine = signed(fixture('checkout-session-completed'));
    const forged = {
      ...genuine,
      rawBody: Buffer.from(genuine.rawBody.toString().replace('"amount_total": 999', '"amount_total": 1')),
    };
    expect(forged.rawBody.equals(genuine.rawBody)).toBe(false);
    expect(await paymentOutcome(stripe.verifyWebhook(forged))).toBe('payment:signature-invalid');
    expect(
      await paymentOutcome(
        stripe.verifyWebhook(signed(fixture('checkout-session-completed'), { secret: 'whsec_other' })),
      ),
    ).toBe('payment:signature-invalid');
    const nowS = Math.floor(now / 1000);
    expect(
      await paymentOutcome(
        stripe.verifyWebhook(signed(fixture('checkout-session-completed'), { at: nowS - 300 })),
      ),
    ).toBe('resolved');
    expect(
      await paymentOutcome(
        stripe.verifyWebhook(signed(fixture('checkout-session-completed'), { at: nowS - 301 })),
      ),
    ).toBe('payment:signature-expired');
    // A genuine delivery replayed ten minutes later.
    now += 600_000;
    expect(await paymentOutcome(stripe.verifyWebhook(genuine))).toBe('payment:signature-expired');
    expect(await paymentOutcome(stripe.verifyWebhook({ rawBody: genuine.rawBody, headers: {} }))).toBe(
      'payment:signature-invalid',
    );
  });

  it('a signed event we do not act on is unknown; a signed body that is not a Stripe event is invalid', async () => {
    const stripe = provider();
    expect(await paymentOutcome(stripe.verifyWebhook(signed(fixture('customer-created'))))).toBe(
      'payment:unknown-event',
    );
    expect(await paymentOutcome(stripe.verifyWebhook(signed(Buffer.from('{"object":"event"}'))))).toBe(
      'payment:payload-invalid',
    );
  });
});
