import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PaymentError } from '../../src/payments/payment-error.ts';
import type { CheckoutRequest } from '../../src/payments/providers/payment-provider.ts';

/** What a provider call came to: 'resolved', or the PaymentError's stable code (anything else as text). */
export async function paymentOutcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof PaymentError ? error.code : String(error);
  }
}

/** A monthly plan's checkout for one of our orders, as the payment routes ask a provider for it. */
export const monthlyCheckout = (ourOrderId: string, amount = 999): CheckoutRequest => ({
  ourOrderId,
  amount,
  currency: 'EUR',
  description: 'Pitchside Premium, 1 month',
  returnUrl: `https://pitchside.example/en/payment/result?order=${ourOrderId}`,
  cancelUrl: `https://pitchside.example/en/pricing?cancelled=${ourOrderId}`,
});

/** A webhook body the provider really sends, from test/fixtures/payments/<provider>/<name>.json. */
export const webhookFixture = (provider: 'paypal' | 'stripe', name: string): Buffer =>
  readFileSync(path.join(import.meta.dirname, '../fixtures/payments', provider, `${name}.json`));
