import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transition, type OrderState } from '../src/payments/order-state.ts';
import { PaymentError } from '../src/payments/payment-error.ts';
import type { PaymentEvent, WebhookRequest } from '../src/payments/providers/payment-provider.ts';
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxProvider,
} from '../src/payments/providers/sandbox/sandbox-provider.ts';
import { signTimestampedHmac } from '../src/payments/providers/timestamped-hmac.ts';
import { paymentOutcome } from './support/payment-adapter.ts';

/**
 * The sandbox provider end to end over real HTTP: its webhooks go to a receiver that verifies them with
 * the provider's own verifyWebhook, as the gateway's webhook route will, and applies them to an order with
 * the order state machine; what it refuses is counted.
 */

const SECRET = 'sandbox-webhook-secret-for-tests-0123456789';

let receiver: Server;
let receiverUrl = '';
/** What the receiver does with the next deliveries: take them, or fail like a gateway that is down. */
let receiverAnswer = 200;
const received: PaymentEvent[] = [];
const refused: string[] = [];
let provider: SandboxProvider;

const checkout = (ourOrderId: string) => ({
  ourOrderId,
  amount: 4999,
  currency: 'EUR',
  description: 'Pitchside Premium, 1 year',
  returnUrl: `http://127.0.0.1:8080/en/payment/result?order=${ourOrderId}`,
  cancelUrl: `http://127.0.0.1:8080/en/pricing?order=${ourOrderId}`,
});

const sandbox = (options: { redeliveryDelaysMs?: number[]; webhookUrl?: string } = {}) =>
  createSandboxProvider({
    webhookSecret: SECRET,
    checkoutPageUrl: 'http://127.0.0.1:8080/sandbox-pay',
    webhookUrl: options.webhookUrl ?? receiverUrl,
    redeliveryDelaysMs: options.redeliveryDelaysMs ?? [],
  });

/** Our side: applies verified events to orders, once per event id. */
const orders = new Map<string, OrderState>();
function apply(event: PaymentEvent): void {
  const id = event.ourOrderId ?? '';
  const t = transition(orders.get(id) ?? 'created', event.kind);
  if (t.moved) orders.set(id, t.to);
}

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (receiverAnswer !== 200) {
      res.writeHead(receiverAnswer).end();
      return;
    }
    const request: WebhookRequest = { rawBody: Buffer.concat(chunks), headers: req.headers };
    try {
      const event = await provider.verifyWebhook(request);
      received.push(event);
      apply(event);
      res.writeHead(200).end();
    } catch (error) {
      refused.push(error instanceof PaymentError ? error.code : String(error));
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhooks/sandbox`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  refused.length = 0;
  receiverAnswer = 200;
  provider = sandbox();
});

describe('sandbox provider', () => {
  it('approve, then capture: signed webhooks arrive in order and the order is paid', async () => {
    const { providerReference, redirectUrl } = await provider.createCheckout(checkout('ord_b1'));
    expect(redirectUrl).toBe(`http://127.0.0.1:8080/sandbox-pay/${providerReference}`);
    expect(await provider.checkout(providerReference)).toMatchObject({
      description: 'Pitchside Premium, 1 year',
      state: 'created',
    });

    const decided = await provider.decide(providerReference, 'approve');
    expect(decided).toEqual({
      state: 'approved',
      redirectUrl: `http://127.0.0.1:8080/en/payment/result?order=ord_b1&checkout=${providerReference}`,
    });
    expect(await provider.capture({ providerReference, ourOrderId: 'ord_b1' })).toEqual({
      state: 'captured',
      providerReference,
      captureId: providerReference,
    });
    expect(received.map((e) => e.kind)).toEqual(['approved', 'captured']);
    expect(received[1]).toMatchObject({
      provider: 'sandbox',
      providerReference,
      ourOrderId: 'ord_b1',
      amount: 4999,
      currency: 'EUR',
      providerEventId: expect.stringMatching(/^sbxevt_/),
    });
    expect(orders.get('ord_b1')).toBe('captured');
    expect(refused).toEqual([]);
  });

  it('ten concurrent captures capture once and announce it once', async () => {
    const { providerReference } = await provider.createCheckout(checkout('ord_b2'));
    expect(await paymentOutcome(provider.capture({ providerReference, ourOrderId: 'ord_b2' }))).toBe(
      'payment:not-approved',
    );
    await provider.decide(providerReference, 'approve');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => provider.capture({ providerReference, ourOrderId: 'ord_b2' })),
    );
    expect(new Set(results.map((r) => r.state))).toEqual(new Set(['captured']));
    expect(received.filter((e) => e.kind === 'captured')).toHaveLength(1);
    expect(await paymentOutcome(provider.capture({ providerReference, ourOrderId: 'ord_other' }))).toBe(
      'payment:provider-failed',
    );
  });

  it('a retried create gives the same checkout', async () => {
    const a = await provider.createCheckout(checkout('ord_b3'));
    const b = await provider.createCheckout(checkout('ord_b3'));
    expect(b).toEqual(a);
  });

  it('decline fails the order and cancel returns to the cancel URL; the first choice stands', async () => {
    const declined = await provider.createCheckout(checkout('ord_b4'));
    expect(await provider.decide(declined.providerReference, 'decline')).toMatchObject({
      state: 'failed',
      redirectUrl: expect.stringContaining('/en/payment/result?order=ord_b4'),
    });
    expect(await provider.decide(declined.providerReference, 'approve')).toMatchObject({ state: 'failed' });
    expect(
      await provider.capture({ providerReference: declined.providerReference, ourOrderId: 'ord_b4' }),
    ).toMatchObject({
      state: 'failed',
    });

    const cancelled = await provider.createCheckout(checkout('ord_b5'));
    expect(await provider.decide(cancelled.providerReference, 'cancel')).toMatchObject({
      state: 'cancelled',
      redirectUrl: `http://127.0.0.1:8080/en/pricing?order=ord_b5&checkout=${cancelled.providerReference}`,
    });
    expect(received.map((e) => [e.ourOrderId, e.kind])).toEqual([
      ['ord_b4', 'failed'],
      ['ord_b5', 'cancelled'],
    ]);
    expect(orders.get('ord_b4')).toBe('failed');
    expect(await paymentOutcome(provider.decide('sbx_unknown', 'approve'))).toBe(
      'payment:checkout-not-found',
    );
  });

  it('a refund is announced and ends the order', async () => {
    const { providerReference } = await provider.createCheckout(checkout('ord_b6'));
    await provider.decide(providerReference, 'approve');
    await provider.capture({ providerReference, ourOrderId: 'ord_b6' });
    await provider.refund(providerReference);
    await provider.refund(providerReference);
    expect(received.filter((e) => e.kind === 'refunded')).toHaveLength(1);
    expect(orders.get('ord_b6')).toBe('refunded');
    expect(await provider.fetchState(providerReference)).toMatchObject({ state: 'refunded' });
  });

  it('a webhook the gateway missed is redelivered; what is lost for good, fetchState still knows', async () => {
    provider = sandbox({ redeliveryDelaysMs: [50] });
    const { providerReference } = await provider.createCheckout(checkout('ord_b7'));
    receiverAnswer = 503;
    await provider.decide(providerReference, 'approve');
    expect(received).toEqual([]);
    receiverAnswer = 200;
    await expect.poll(() => received.map((e) => e.kind)).toEqual(['approved']);

    const lost = sandbox({ webhookUrl: 'http://127.0.0.1:9/unreachable' });
    const other = await lost.createCheckout(checkout('ord_b8'));
    await lost.decide(other.providerReference, 'approve');
    await lost.capture({ providerReference: other.providerReference, ourOrderId: 'ord_b8' });
    expect(await lost.fetchState(other.providerReference)).toEqual({
      state: 'captured',
      providerReference: other.providerReference,
      ourOrderId: 'ord_b8',
      amount: 4999,
      currency: 'EUR',
    });
    expect(await lost.fetchState('sbx_unknown')).toBeNull();
  });

  it('refuses forged, wrongly keyed and stale webhooks', async () => {
    const body = Buffer.from(
      JSON.stringify({
        id: 'sbxevt_forged',
        type: 'checkout.captured',
        created: Math.floor(Date.now() / 1000),
        data: { checkoutId: 'sbx_x', orderId: 'ord_x', amount: 4999, currency: 'EUR' },
      }),
    );
    const nowS = Math.floor(Date.now() / 1000);
    const request = (signature: string, raw = body): WebhookRequest => ({
      rawBody: raw,
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(await provider.verifyWebhook(request(signTimestampedHmac(SECRET, body, nowS)))).toMatchObject({
      kind: 'captured',
    });
    const genuine = signTimestampedHmac(SECRET, body, nowS);
    expect(
      await paymentOutcome(
        provider.verifyWebhook(request(genuine, Buffer.from(body.toString().replace('4999', '1')))),
      ),
    ).toBe('payment:signature-invalid');
    expect(
      await paymentOutcome(
        provider.verifyWebhook(request(signTimestampedHmac('another-secret', body, nowS))),
      ),
    ).toBe('payment:signature-invalid');
    expect(
      await paymentOutcome(provider.verifyWebhook(request(signTimestampedHmac(SECRET, body, nowS - 301)))),
    ).toBe('payment:signature-expired');
    const unknown = Buffer.from(body.toString().replace('checkout.captured', 'checkout.disputed'));
    expect(
      await paymentOutcome(
        provider.verifyWebhook(request(signTimestampedHmac(SECRET, unknown, nowS), unknown)),
      ),
    ).toBe('payment:unknown-event');
  });
});
