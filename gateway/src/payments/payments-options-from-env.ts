import type { GatewayEnv } from '../config/env.ts';
import type { PaymentsOptions } from './mount-payments.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { createPayPalProvider, PAYPAL_API } from './providers/paypal/paypal-provider.ts';
import { createStripeProvider } from './providers/stripe/stripe-provider.ts';

/** The payment methods and streams the environment configures (env.ts validated them together). */
export function paymentsOptionsFromEnv(env: GatewayEnv): PaymentsOptions {
  const providers: PaymentProvider[] = [];
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    providers.push(
      createPayPalProvider({
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET,
        webhookId: env.PAYPAL_WEBHOOK_ID,
        apiBaseUrl: PAYPAL_API[env.PAYPAL_ENV],
      }),
    );
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    providers.push(
      createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }),
    );
  }
  return {
    sandbox:
      (env.PAYMENTS_SANDBOX ?? providers.length === 0)
        ? { ...(env.SANDBOX_WEBHOOK_SECRET && { webhookSecret: env.SANDBOX_WEBHOOK_SECRET }) }
        : false,
    providers,
    reconcile: {
      everyMs: env.PAYMENT_RECONCILE_EVERY_S * 1000,
      olderThanMs: env.PAYMENT_RECONCILE_AFTER_S * 1000,
    },
    streams: {
      apiUrl: env.STREAMS_API_URL,
      tokenTtlS: env.STREAM_URL_TTL_S,
      ...(env.STREAM_SECRET && { secret: env.STREAM_SECRET }),
    },
  };
}
