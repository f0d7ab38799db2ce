import { z } from 'zod';

/**
 * The parts of Stripe's objects we read (docs.stripe.com/api: Checkout Session, Charge, PaymentIntent,
 * Event, List, errors). Stripe sends currencies in lower case; ids carry a type prefix.
 */

const Metadata = z.record(z.string(), z.string()).nullable().optional();

export const StripeCharge = z.object({
  id: z.string().startsWith('ch_').or(z.string().startsWith('py_')),
  object: z.literal('charge'),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string().length(3),
  refunded: z.boolean(),
  payment_intent: z.string().nullable(),
  metadata: Metadata,
  created: z.number().int(),
});

export const StripePaymentIntent = z.object({
  id: z.string().startsWith('pi_'),
  object: z.literal('payment_intent'),
  status: z.string(),
  latest_charge: z.union([z.string(), StripeCharge]).nullable().optional(),
});

export const StripeCheckoutSession = z.object({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  url: z.string().nullable().optional(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nonnegative().nullable(),
  currency: z.string().length(3).nullable(),
  client_reference_id: z.string().nullable().optional(),
  metadata: Metadata,
  payment_intent: z.union([z.string(), StripePaymentIntent]).nullable().optional(),
  created: z.number().int(),
});
export type StripeCheckoutSession = z.infer<typeof StripeCheckoutSession>;

export const StripeSessionList = z.object({
  object: z.literal('list'),
  data: z.array(StripeCheckoutSession),
});

export const StripeEvent = z.object({
  id: z.string().startsWith('evt_'),
  object: z.literal('event'),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});

export const StripeErrorBody = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), message: z.string().optional() }),
});
