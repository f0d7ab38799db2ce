import { X509Certificate, verify } from 'node:crypto';
import { PaymentError } from '../../payment-error.ts';
import { crc32 } from '../crc32.ts';
import { singleHeader, type WebhookRequest } from '../payment-provider.ts';
import { providerRequest, type ProviderHttp } from '../provider-http.ts';

/**
 * PayPal's self-verification of a webhook (developer.paypal.com/api/rest/webhooks/rest, "Verify the
 * signature"), which needs no call to PayPal's API per event: PayPal signs
 *
 *   <paypal-transmission-id>|<paypal-transmission-time>|<our webhook id>|<CRC-32 of the raw body, decimal>
 *
 * with SHA256withRSA, and names the certificate holding the public key in `paypal-cert-url`. That header
 * comes from whoever sent the request, so the certificate is fetched only over HTTPS from PayPal's own
 * API hosts: TLS to a PayPal host is what makes the key PayPal's. The webhook id is ours (configured), so
 * an event PayPal sent to another merchant's webhook does not verify here.
 *
 * Replays of a genuine event verify again (PayPal documents no timestamp tolerance and resends failed
 * deliveries for up to three days); they are made harmless by applying each event id once.
 */

/** PayPal's REST API hosts, live and sandbox; certificates are served under /v1/notifications/certs/. */
export const PAYPAL_CERT_HOSTS: readonly string[] = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

const CERT_PATH = '/v1/notifications/certs/';
/** PayPal rotates its certificate rarely; a day bounds how long a revoked one could linger here. */
const CERT_CACHE_MS = 24 * 60 * 60 * 1000;
const CERT_CACHE_MAX = 8;

export interface PayPalWebhookVerifierOptions {
  webhookId: string;
  http: ProviderHttp;
  now: () => number;
}

export class PayPalWebhookVerifier {
  readonly #certs = new Map<string, { cert: Promise<X509Certificate>; fetchedAt: number }>();

  constructor(private readonly options: PayPalWebhookVerifierOptions) {}

  async verify(request: WebhookRequest): Promise<void> {
    const header = (name: string) => {
      const value = singleHeader(request.headers, name);
      if (!value) throw new PaymentError('payment:signature-invalid', `no ${name} header`);
      return value;
    };
    const transmissionId = header('paypal-transmission-id');
    const transmissionTime = header('paypal-transmission-time');
    const signature = header('paypal-transmission-sig');
    const certUrl = header('paypal-cert-url');
    const algorithm = header('paypal-auth-algo');
    if (algorithm !== 'SHA256withRSA') {
      throw new PaymentError('payment:signature-invalid', `unsupported paypal-auth-algo ${algorithm}`);
    }
    const cert = await this.#certificate(certUrl);
    const now = new Date(this.options.now());
    if (now < new Date(cert.validFrom) || now > new Date(cert.validTo)) {
      throw new PaymentError(
        'payment:cert-untrusted',
        `certificate not valid now (${cert.validFrom} to ${cert.validTo})`,
      );
    }
    const message = `${transmissionId}|${transmissionTime}|${this.options.webhookId}|${crc32(request.rawBody)}`;
    const valid = verify('sha256', Buffer.from(message), cert.publicKey, Buffer.from(signature, 'base64'));
    if (!valid) throw new PaymentError('payment:signature-invalid', 'the RSA signature does not match');
  }

  #certificate(certUrl: string): Promise<X509Certificate> {
    const url = trustedCertUrl(certUrl);
    const cached = this.#certs.get(url.href);
    if (cached && this.options.now() - cached.fetchedAt < CERT_CACHE_MS) return cached.cert;
    const cert = this.#fetchCertificate(url);
    if (this.#certs.size >= CERT_CACHE_MAX) this.#certs.delete(this.#certs.keys().next().value as string);
    this.#certs.set(url.href, { cert, fetchedAt: this.options.now() });
    // A failed fetch is not cached: the next delivery tries again.
    cert.catch(() => this.#certs.delete(url.href));
    return cert;
  }

  async #fetchCertificate(url: URL): Promise<X509Certificate> {
    const response = await providerRequest(this.options.http, url, { method: 'GET', redirect: 'error' });
    if (response.status !== 200) {
      throw new PaymentError('payment:cert-untrusted', `certificate fetch answered ${response.status}`);
    }
    return parseCertificate(response.text);
  }
}

/** Only https://<a PayPal API host>/v1/notifications/certs/..., no port, no credentials. */
export function trustedCertUrl(certUrl: string): URL {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    throw new PaymentError('payment:cert-untrusted', 'paypal-cert-url is not a URL');
  }
  if (
    url.protocol !== 'https:' ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    !PAYPAL_CERT_HOSTS.includes(url.hostname) ||
    !url.pathname.startsWith(CERT_PATH)
  ) {
    throw new PaymentError(
      'payment:cert-untrusted',
      `paypal-cert-url ${url.origin}${url.pathname} is not PayPal's`,
    );
  }
  return url;
}

function parseCertificate(pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (error) {
    throw new PaymentError('payment:cert-untrusted', 'the certificate is not an X.509 PEM', { cause: error });
  }
}
