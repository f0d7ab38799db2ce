import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentError } from '../payment-error.ts';

/**
 * The webhook signature Stripe documents (https://docs.stripe.com/webhooks#verify-manually), which our
 * sandbox provider uses too: a header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, where
 * several v1 entries may appear while a secret is being rolled. The timestamp is inside the MAC, so a
 * replay of an old notification is refused after `toleranceS`.
 */

/** Stripe's libraries default to 300 s. */
export const DEFAULT_TOLERANCE_S = 300;

const mac = (secret: string, timestamp: number, rawBody: Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

export function signTimestampedHmac(secret: string, rawBody: Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody).toString('hex')}`;
}

export function verifyTimestampedHmac(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  options: { nowS: number; toleranceS?: number },
): { timestamp: number } {
  if (!header) throw new PaymentError('payment:signature-invalid', 'no signature header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Other schemes (v0 is Stripe's test-mode legacy) are ignored, as Stripe's libraries do.
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new PaymentError('payment:signature-invalid', 'the signature header has no t or no v1');
  }
  const expected = mac(secret, timestamp, rawBody);
  // timingSafeEqual needs equal lengths; both are 32 bytes by the pattern above.
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) {
    throw new PaymentError('payment:signature-invalid', 'no v1 signature matches');
  }
  // Checked after the MAC, so a forged header cannot learn anything from which error it gets. A timestamp
  // far in the future is refused too: it would stay replayable for longer than the tolerance.
  if (Math.abs(options.nowS - timestamp) > (options.toleranceS ?? DEFAULT_TOLERANCE_S)) {
    throw new PaymentError('payment:signature-expired', `signed at ${timestamp}, now ${options.nowS}`);
  }
  return { timestamp };
}
