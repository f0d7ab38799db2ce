import { z } from 'zod';

/**
 * The parts of PayPal's payloads we read, as documented for Orders v2, Payments v2 and Webhooks
 * (developer.paypal.com/docs/api/orders/v2, /payments/v2, /webhooks/v1). Unknown keys are dropped.
 */

const Timestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time');

export const PayPalMoney = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d+(\.\d+)?$/),
});
export type PayPalMoney = z.infer<typeof PayPalMoney>;

const Link = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

/** POST /v1/oauth2/token with grant_type=client_credentials. */
export const PayPalAccessToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

/** Payments v2 capture: in an order's purchase unit, in PAYMENT.CAPTURE.* events, at /v2/payments/captures/{id}. */
export const PayPalCapture = z.object({
  id: z.string().min(1),
  status: z.enum(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']),
  amount: PayPalMoney,
  custom_id: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
  create_time: Timestamp.optional(),
  update_time: Timestamp.optional(),
});
export type PayPalCapture = z.infer<typeof PayPalCapture>;

/** Payments v2 refund, the resource of PAYMENT.CAPTURE.REFUNDED: it links "up" to its capture. */
export const PayPalRefund = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: PayPalMoney,
  custom_id: z.string().optional(),
  links: z.array(Link).default([]),
  create_time: Timestamp.optional(),
  update_time: Timestamp.optional(),
});

const PurchaseUnit = z.object({
  reference_id: z.string().optional(),
  custom_id: z.string().optional(),
  amount: PayPalMoney.optional(),
  payments: z.object({ captures: z.array(PayPalCapture).optional() }).optional(),
});

/** Orders v2 order: create (return=minimal has id, status, links), capture and show answers, CHECKOUT.ORDER.* resources. */
export const PayPalOrder = z.object({
  id: z.string().min(1),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  links: z.array(Link).default([]),
  purchase_units: z.array(PurchaseUnit).optional(),
  create_time: Timestamp.optional(),
  update_time: Timestamp.optional(),
});
export type PayPalOrder = z.infer<typeof PayPalOrder>;

/** PayPal's error body: `name` (UNPROCESSABLE_ENTITY), the specific reason in details[].issue. */
export const PayPalError = z.object({
  name: z.string(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
});

/** The envelope of every webhook event; the resource is parsed by event_type. */
export const PayPalWebhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  create_time: Timestamp,
  resource_type: z.string().optional(),
  resource: z.unknown(),
});
