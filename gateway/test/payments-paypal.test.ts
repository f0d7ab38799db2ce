import { execFileSync } from 'node:child_process';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crc32 } from '../src/payments/providers/crc32.ts';
import type { PaymentProvider, WebhookRequest } from '../src/payments/providers/payment-provider.ts';
import { createPayPalProvider } from '../src/payments/providers/paypal/paypal-provider.ts';
import { PAYPAL_CERT_HOSTS } from '../src/payments/providers/paypal/paypal-webhook-verifier.ts';
import { monthlyCheckout, paymentOutcome, webhookFixture } from './support/payment-adapter.ts';
import { startPayPalPeer, type PayPalPeer } from './support/paypal-peer.ts';

/**
 * The PayPal adapter against a local peer speaking PayPal's REST API, and PayPal's webhook self-verification
 * with keys and X.509 certificates made here by `openssl req -x509` (node:crypto makes keys, not
 * certificates). The peer serves the certificate at PayPal's certificate path; the test's transport
 * carries requests for PayPal's certificate hosts to the peer the way DNS and TLS would carry them to
 * PayPal. The adapter still checks the URL the webhook named against PayPal's hosts: that is under test.
 */

const credentials = { clientId: 'AcLientId-sandbox-123', clientSecret: 'EcLientSecret-sandbox-456' };
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const CERT_NAME = 'CERT-360caa42-fca2a594-a5cafa77';
const CERT_URL = `https://api-m.sandbox.paypal.com/v1/notifications/certs/${CERT_NAME}`;
const fixture = (name: string) => webhookFixture('paypal', name);

let peer: PayPalPeer;
let workDir: string;
let paypalKey: KeyObject;
let otherKey: KeyObject;
// The certificates are made now and valid from now: the clock starts at the real time.
let now = Date.now();
/** URLs the adapter fetched, as it asked for them (before the transport carried them to the peer). */
const fetched: string[] = [];

const transport: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  fetched.push(url.href);
  if (url.protocol === 'https:' && PAYPAL_CERT_HOSTS.includes(url.hostname)) {
    return fetch(`${peer.url}${url.pathname}${url.search}`, init);
  }
  if (url.origin === peer.url) return fetch(url, init);
  return Promise.reject(new TypeError(`fetch failed: ${url.origin} is not reachable from the test`));
};

function makeCertificate(name: string): { key: KeyObject; pem: string } {
  const keyFile = path.join(workDir, `${name}.key`);
  const certFile = path.join(workDir, `${name}.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '3650',
      '-subj',
      '/C=US/O=PayPal, Inc./CN=messageverificationcerts.sandbox.paypal.com',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  return { key: createPrivateKey(readFileSync(keyFile)), pem: readFileSync(certFile, 'utf8') };
}

const provider = (options: { webhookId?: string } = {}): PaymentProvider =>
  createPayPalProvider({
    ...credentials,
    webhookId: options.webhookId ?? WEBHOOK_ID,
    apiBaseUrl: peer.url,
    http: { fetch: transport, timeoutMs: 5_000 },
    now: () => now,
  });

/** Signs the raw body as PayPal does: SHA256withRSA over "id|time|webhook id|crc32(body)". */
function signed(
  rawBody: Buffer,
  options: { key?: KeyObject; certUrl?: string; webhookId?: string; algo?: string } = {},
): WebhookRequest {
  const transmissionId = '69cd13f0-d67a-11e5-baa3-778b53f4ae55';
  const transmissionTime = '2026-03-14T15:20:32Z';
  const message = `${transmissionId}|${transmissionTime}|${options.webhookId ?? WEBHOOK_ID}|${crc32(rawBody)}`;
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': sign('sha256', Buffer.from(message), options.key ?? paypalKey).toString(
        'base64',
      ),
      'paypal-cert-url': options.certUrl ?? CERT_URL,
      'paypal-auth-algo': options.algo ?? 'SHA256withRSA',
    },
  };
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'paypal-certs-'));
  peer = await startPayPalPeer(credentials);
  const paypal = makeCertificate('paypal');
  paypalKey = paypal.key;
  otherKey = makeCertificate('other').key;
  peer.certificates.set(CERT_NAME, paypal.pem);
});

afterAll(async () => {
  await peer.close();
  rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  peer.requests.length = 0;
  fetched.length = 0;
  peer.captureOutcome = 'COMPLETED';
});

describe('PayPal Orders v2', () => {
  it('creates an order with intent CAPTURE and our order id, and sends the buyer to its payer-action link', async () => {
    const paypal = provider();
    const result = await paypal.createCheckout(monthlyCheckout('ord_create_1'));

    expect(result.redirectUrl).toBe(
      `https://www.sandbox.paypal.com/checkoutnow?token=${result.providerReference}`,
    );
    const [tokenCall, createCall] = peer.requests;
    expect(tokenCall?.path).toBe('/v1/oauth2/token');
    expect(createCall?.path).toBe('/v2/checkout/orders');
    expect(createCall?.headers['paypal-request-id']).toBe('pitchside-create-ord_create_1');
    expect(createCall?.headers.authorization).toMatch(/^Bearer A21AA/);
    const body = JSON.parse(createCall?.body ?? '{}');
    expect(body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'ord_create_1',
          custom_id: 'ord_create_1',
          amount: { currency_code: 'EUR', value: '9.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://pitchside.example/en/payment/result?order=ord_create_1',
            cancel_url: 'https://pitchside.example/en/pricing?cancelled=ord_create_1',
          },
        },
      },
    });
  });

  it('a retried create gets the same order, and the OAuth token is fetched once and reused until it nears expiry', async () => {
    const paypal = provider();
    const [a, b] = await Promise.all([
      paypal.createCheckout(monthlyCheckout('ord_retry')),
      paypal.createCheckout(monthlyCheckout('ord_retry')),
    ]);
    expect(b.providerReference).toBe(a.providerReference);
    await paypal.fetchState(a.providerReference);
    expect(peer.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);

    now += (peer.tokenLifetimeS - 30) * 1000; // within the last minute of the token's life
    await paypal.fetchState(a.providerReference);
    expect(peer.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(2);
  });

  it('refuses to capture before the buyer approved; two concurrent captures then capture once', async () => {
    const paypal = provider();
    const { providerReference } = await paypal.createCheckout(monthlyCheckout('ord_capture'));
    expect(await paymentOutcome(paypal.capture({ providerReference, ourOrderId: 'ord_capture' }))).toBe(
      'payment:not-approved',
    );

    peer.approve(providerReference);
    const results = await Promise.all(
      Array.from({ length: 2 }, () => paypal.capture({ providerReference, ourOrderId: 'ord_capture' })),
    );
    expect(results[0]).toEqual({ state: 'captured', providerReference, captureId: expect.any(String) });
    expect(results[1]).toEqual(results[0]);
    expect([...peer.captures.values()].filter((c) => c.orderId === providerReference)).toHaveLength(1);
    const captureCalls = peer.requests.filter((r) => r.path.endsWith('/capture'));
    expect(new Set(captureCalls.map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set(['pitchside-capture-ord_capture']),
    );

    // Much later, with the request id forgotten at PayPal: ORDER_ALREADY_CAPTURED is still "captured".
    const later = await createPayPalProvider({
      ...credentials,
      webhookId: WEBHOOK_ID,
      apiBaseUrl: peer.url,
      http: { fetch: transport, timeoutMs: 5_000 },
      now: () => now,
    }).capture({ providerReference, ourOrderId: 'ord_capture_again' });
    expect(later).toEqual(results[0]);
  });

  it('a declined funding source fails the capture', async () => {
    const paypal = provider();
    const { providerReference } = await paypal.createCheckout(monthlyCheckout('ord_declined'));
    peer.approve(providerReference);
    peer.captureOutcome = 'DECLINED';
    expect(await paypal.capture({ providerReference, ourOrderId: 'ord_declined' })).toMatchObject({
      state: 'failed',
    });
  });

  it('reports where an order stands, for reconciliation', async () => {
    const paypal = provider();
    const { providerReference } = await paypal.createCheckout(monthlyCheckout('ord_state'));
    expect(await paypal.fetchState(providerReference)).toEqual({
      state: 'created',
      providerReference,
      ourOrderId: 'ord_state',
      amount: 999,
      currency: 'EUR',
    });
    peer.approve(providerReference);
    expect(await paypal.fetchState(providerReference)).toMatchObject({ state: 'approved' });
    await paypal.capture({ providerReference, ourOrderId: 'ord_state' });
    expect(await paypal.fetchState(providerReference)).toMatchObject({ state: 'captured', amount: 999 });
    expect(await paypal.fetchState('0NOSUCHORDER0000')).toBeNull();
  });

  it('wrong client credentials and an unreachable PayPal fail with stable codes', async () => {
    const wrong = createPayPalProvider({
      ...credentials,
      clientSecret: 'nope',
      webhookId: WEBHOOK_ID,
      apiBaseUrl: peer.url,
      http: { fetch: transport, timeoutMs: 5_000 },
    });
    expect(await paymentOutcome(wrong.createCheckout(monthlyCheckout('ord_wrong')))).toBe(
      'payment:provider-failed',
    );
    const down = createPayPalProvider({
      ...credentials,
      webhookId: WEBHOOK_ID,
      apiBaseUrl: 'http://127.0.0.1:9',
      http: { fetch: globalThis.fetch, timeoutMs: 2_000 },
    });
    expect(await paymentOutcome(down.createCheckout(monthlyCheckout('ord_down')))).toBe(
      'payment:provider-unavailable',
    );
  });
});

describe('PayPal webhooks', () => {
  it('verifies and parses CHECKOUT.ORDER.APPROVED', async () => {
    expect(await provider().verifyWebhook(signed(fixture('checkout-order-approved')))).toEqual({
      provider: 'paypal',
      providerEventId: 'WH-COC11055RA711503B-4YM959094A144403T',
      kind: 'approved',
      providerReference: '5O190127TN364715T',
      ourOrderId: 'ord_01HQZ8Y5T3',
      amount: 999,
      currency: 'EUR',
      occurredAt: new Date('2026-03-14T15:20:11.000Z'),
    });
  });

  it('verifies and parses PAYMENT.CAPTURE.COMPLETED and .DENIED', async () => {
    const paypal = provider();
    expect(await paypal.verifyWebhook(signed(fixture('payment-capture-completed')))).toEqual({
      provider: 'paypal',
      providerEventId: 'WH-58D329510W468432D-8HN650336L201105X',
      kind: 'captured',
      providerReference: '5O190127TN364715T',
      ourOrderId: 'ord_01HQZ8Y5T3',
      amount: 999,
      currency: 'EUR',
      occurredAt: new Date('2026-03-14T15:20:31.940Z'),
    });
    expect(await paypal.verifyWebhook(signed(fixture('payment-capture-denied')))).toMatchObject({
      kind: 'failed',
      providerReference: '8MC585209K746392H',
      ourOrderId: 'ord_01HQZ9K2M7',
    });
  });

  it('verifies PAYMENT.CAPTURE.REFUNDED and finds its order through the refunded capture', async () => {
    peer.captures.set('7NW873794T343360M', {
      id: '7NW873794T343360M',
      status: 'REFUNDED',
      amount: { currency_code: 'EUR', value: '9.99' },
      custom_id: 'ord_01HQZ8Y5T3',
      orderId: '5O190127TN364715T',
    });
    expect(await provider().verifyWebhook(signed(fixture('payment-capture-refunded')))).toEqual({
      provider: 'paypal',
      providerEventId: 'WH-1GE84257G0350133W-6RW800890C634293G',
      kind: 'refunded',
      providerReference: '5O190127TN364715T',
      ourOrderId: 'ord_01HQZ8Y5T3',
      amount: 999,
      currency: 'EUR',
      occurredAt: new Date('2026-03-20T09:14:04.543Z'),
    });
    expect(peer.requests.map((r) => r.path)).toContain('/v2/payments/captures/7NW873794T343360M');
  });

  it('fetches the certificate once and reuses it', async () => {
    const paypal = provider();
    await paypal.verifyWebhook(signed(fixture('checkout-order-approved')));
    await paypal.verifyWebhook(signed(fixture('payment-capture-completed')));
    expect(fetched.filter((url) => url === CERT_URL)).toHaveLength(1);
  });

  it('refuses a forged body, a signature by another key, another webhook id and another algorithm', async () => {
    const paypal = provider();
    const genuine = signed(fixture('payment-capture-completed'));
    const forged = {
      ...genuine,
      rawBody: Buffer.from(genuine.rawBody.toString().replace('"9.99"', '"0.01"')),
    };
    expect(await paymentOutcome(paypal.verifyWebhook(forged))).toBe('payment:signature-invalid');
    const otherSigner = signed(fixture('payment-capture-completed'), { key: otherKey });
    expect(await paymentOutcome(paypal.verifyWebhook(otherSigner))).toBe('payment:signature-invalid');
    // Signed by PayPal, but for another merchant's webhook.
    const elsewhere = signed(fixture('payment-capture-completed'), { webhookId: '1JE4291016473214C' });
    expect(await paymentOutcome(paypal.verifyWebhook(elsewhere))).toBe('payment:signature-invalid');
    const algo = signed(fixture('payment-capture-completed'), { algo: 'SHA1withRSA' });
    expect(await paymentOutcome(paypal.verifyWebhook(algo))).toBe('payment:signature-invalid');
    const { 'paypal-transmission-sig': _sig, ...unsigned } = genuine.headers;
    expect(await paymentOutcome(paypal.verifyWebhook({ ...genuine, headers: unsigned }))).toBe(
      'payment:signature-invalid',
    );
  });

  it('refuses a certificate from anywhere but PayPal, without fetching it', async () => {
    const paypal = provider();
    for (const certUrl of [
      `https://evil.example/v1/notifications/certs/${CERT_NAME}`,
      `https://api.paypal.com.evil.example/v1/notifications/certs/${CERT_NAME}`,
      `http://api-m.sandbox.paypal.com/v1/notifications/certs/${CERT_NAME}`,
      `https://api-m.sandbox.paypal.com:8443/v1/notifications/certs/${CERT_NAME}`,
      `https://user@api-m.sandbox.paypal.com/v1/notifications/certs/${CERT_NAME}`,
      `https://api-m.sandbox.paypal.com/v1/oauth2/token`,
      `${peer.url}/v1/notifications/certs/${CERT_NAME}`,
      'not a url',
    ]) {
      // Signed with the attacker's key, whose certificate the attacker would serve.
      const request = signed(fixture('payment-capture-completed'), { key: otherKey, certUrl });
      expect(await paymentOutcome(paypal.verifyWebhook(request)), certUrl).toBe('payment:cert-untrusted');
    }
    expect(fetched).toEqual([]);
  });

  it('refuses what is no certificate, and a certificate past its validity', async () => {
    peer.certificates.set('CERT-garbage', 'not a certificate');
    const paypal = provider();
    const request = signed(fixture('payment-capture-completed'), {
      certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-garbage',
    });
    expect(await paymentOutcome(paypal.verifyWebhook(request))).toBe('payment:cert-untrusted');
    const saved = now;
    now = Date.parse('2046-01-01T00:00:00Z');
    expect(await paymentOutcome(provider().verifyWebhook(signed(fixture('payment-capture-completed'))))).toBe(
      'payment:cert-untrusted',
    );
    now = saved;
  });

  it('a signed event we do not act on is unknown; a signed event missing what PayPal documents is invalid', async () => {
    const paypal = provider();
    expect(await paymentOutcome(paypal.verifyWebhook(signed(fixture('billing-subscription-created'))))).toBe(
      'payment:unknown-event',
    );
    const event = JSON.parse(fixture('payment-capture-completed').toString());
    delete event.resource.supplementary_data;
    expect(await paymentOutcome(paypal.verifyWebhook(signed(Buffer.from(JSON.stringify(event)))))).toBe(
      'payment:payload-invalid',
    );
    expect(await paymentOutcome(paypal.verifyWebhook(signed(Buffer.from('{"id":'))))).toBe(
      'payment:payload-invalid',
    );
  });
});
