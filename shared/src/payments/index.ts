import { z } from 'zod';
import { LANGUAGES } from '../constants/index.ts';
import { IdSchema, SportSlugSchema } from '../domain/competition.ts';

/**
 * Pricing plans, hidden deals, orders, entitlements and premium streams (issue 5): what the gateway answers
 * and the website reads. Money is an integer count of the currency's minor unit (999 EUR = 9.99 €) and an
 * upper-case ISO 4217 code; format it with Intl.NumberFormat in the visitor's language.
 */

export const CurrencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'an ISO 4217 currency code')
  .transform((c) => c.toUpperCase());
/** A plan id: a slug (`monthly`, `football-pass-monthly`). */
export const PlanIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a plan id is a lowercase slug');
/** A deal code as typed or linked (`?deal=kickoff-50`); compared upper case. */
export const DealCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{3,32}$/, 'a deal code is 3 to 32 letters, digits or hyphens')
  .transform((c) => c.toUpperCase());
export const MinorAmountSchema = z.number().int().min(1).max(100_000_000);

export const PAYMENT_PROVIDER_IDS = ['sandbox', 'paypal', 'stripe'] as const;
export const PaymentProviderIdSchema = z.enum(PAYMENT_PROVIDER_IDS);
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;

/** One state machine for every provider; states only move forward (gateway/src/payments/order-state.ts). */
export const ORDER_STATES = ['created', 'approved', 'captured', 'failed', 'cancelled', 'refunded'] as const;
export const OrderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderStateSchema>;

export const PlanKindSchema = z.enum(['site', 'sport']);
export const PeriodSchema = z.object({
  unit: z.enum(['day', 'month', 'year']),
  count: z.number().int().min(1).max(366),
});
export type Period = z.infer<typeof PeriodSchema>;

/** A plan's price in one currency; `amount` is what the buyer pays, after the deal's discount if any. */
export const PriceSchema = z.object({
  currency: z.string(),
  amount: z.number().int(),
  /** Before the deal's discount; equal to `amount` without one. */
  listAmount: z.number().int(),
});
export type Price = z.infer<typeof PriceSchema>;

export const PlanSchema = z.object({
  id: PlanIdSchema,
  /** `site`: every sport (pricing); `sport`: one sport's pass (pricing-sport). */
  kind: PlanKindSchema,
  sport: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  period: PeriodSchema,
  /** Reachable only through a deal: listed because the request carried its code. */
  hidden: z.boolean(),
  /** In the requested currency only, when one was asked for. */
  prices: z.array(PriceSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const DealSchema = z.object({
  code: z.string(),
  name: z.string(),
  percentOff: z.number().int().min(0).max(90),
  planIds: z.array(PlanIdSchema),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
});
export type Deal = z.infer<typeof DealSchema>;

export const PaymentMethodSchema = z.object({ id: PaymentProviderIdSchema, name: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** GET /api/plans?sport=&currency=&deal= */
export const PlansQuerySchema = z.object({
  /** Only this sport's passes (pricing-sport); without it, the site-wide plans (pricing). */
  sport: SportSlugSchema.optional(),
  currency: CurrencySchema.optional(),
  /** Reveals the deal's hidden plans and applies its discount; an unknown or expired code is a 404. */
  deal: DealCodeSchema.optional(),
});
export const PlansResponseSchema = z.object({
  plans: z.array(PlanSchema),
  /** The deal the code named, when one was given and is live. */
  deal: DealSchema.nullable(),
  /** Every currency some listed plan has a price in. */
  currencies: z.array(z.string()),
  /** The payment methods configured on this server; the sandbox is always there unless switched off. */
  methods: z.array(PaymentMethodSchema),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/** POST /api/orders (signed in). */
export const CreateOrderBodySchema = z.object({
  planId: PlanIdSchema,
  currency: CurrencySchema,
  provider: PaymentProviderIdSchema,
  deal: DealCodeSchema.optional(),
  /** The language of the result page the buyer lands on after paying. */
  lang: z.enum(LANGUAGES).default('en'),
});
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  planId: PlanIdSchema,
  planName: z.string(),
  sport: z.string().nullable(),
  period: PeriodSchema,
  amount: z.number().int(),
  currency: z.string(),
  provider: PaymentProviderIdSchema,
  /** The server's verified state: the only thing a result page may show. */
  state: OrderStateSchema,
  dealCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  capturedAt: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CreateOrderResponseSchema = z.object({
  order: OrderSchema,
  /** Send the browser here: the provider's checkout page. */
  redirectUrl: z.string(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

/** What a paid order grants: every sport (`sport` null) or one sport's streams, until `endsAt`. */
export const EntitlementSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  planId: PlanIdSchema,
  planName: z.string(),
  sport: z.string().nullable(),
  /** A renewal bought before the current period ends starts when that one ends. */
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Set when the order was refunded: the entitlement ended then. */
  revokedAt: z.iso.datetime().nullable(),
  active: z.boolean(),
});
export type Entitlement = z.infer<typeof EntitlementSchema>;

/** The result pages the gateway sends a returning buyer to: /{lang}/payment/{page}?order={id}. */
export const PAYMENT_RESULT_PAGES = ['success', 'failure', 'result'] as const;
export type PaymentResultPage = (typeof PAYMENT_RESULT_PAGES)[number];
export const resultPageOf = (state: OrderState): PaymentResultPage =>
  state === 'captured'
    ? 'success'
    : state === 'failed' || state === 'cancelled' || state === 'refunded'
      ? 'failure'
      : 'result';

// Admin (/api/admin, `admin` scope).

export const AdminPriceSchema = z.object({ currency: CurrencySchema, amount: MinorAmountSchema });
export const AdminCreatePlanBodySchema = z
  .object({
    id: PlanIdSchema,
    kind: PlanKindSchema,
    sport: SportSlugSchema.nullable().default(null),
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(''),
    period: PeriodSchema,
    hidden: z.boolean().default(false),
    position: z.number().int().min(0).max(10_000).default(0),
    prices: z.array(AdminPriceSchema).min(1).max(50),
  })
  .refine((p) => (p.kind === 'sport') === (p.sport !== null), {
    message: 'a sport pass names its sport; a site-wide plan names none',
    path: ['sport'],
  });
export const AdminUpdatePlanBodySchema = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  description: z.string().trim().max(500).optional(),
  period: PeriodSchema.optional(),
  hidden: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  /** Replaces every price of the plan. Orders keep the price they were made at. */
  prices: z.array(AdminPriceSchema).min(1).max(50).optional(),
});
export const AdminPlanSchema = PlanSchema.extend({
  position: z.number().int(),
  retiredAt: z.iso.datetime().nullable(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const AdminCreateDealBodySchema = z.object({
  code: DealCodeSchema,
  name: z.string().trim().min(1).max(80),
  planIds: z.array(PlanIdSchema).min(1).max(50),
  percentOff: z.number().int().min(0).max(90).default(0),
  startsAt: z.iso.datetime().nullable().default(null),
  endsAt: z.iso.datetime().nullable().default(null),
});
export const AdminUpdateDealBodySchema = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  planIds: z.array(PlanIdSchema).min(1).max(50).optional(),
  percentOff: z.number().int().min(0).max(90).optional(),
  startsAt: z.iso.datetime().nullable().optional(),
  endsAt: z.iso.datetime().nullable().optional(),
});
export const AdminDealSchema = DealSchema.extend({ retiredAt: z.iso.datetime().nullable() });
export type AdminDeal = z.infer<typeof AdminDealSchema>;

// Streams (GET /api/matches/:id/streams).

export const StreamAccessSchema = z.enum(['free', 'premium']);
export const StreamSourceSchema = z.object({
  id: IdSchema,
  label: z.string(),
  access: StreamAccessSchema,
  /**
   * An HLS playlist on our origin. Free: always. Premium: a signed URL that expires at `expiresAt`, only for
   * a signed-in user whose plan covers the match's sport; null otherwise (show the paywall).
   */
  url: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type StreamSource = z.infer<typeof StreamSourceSchema>;

export const MatchStreamsSchema = z.object({
  matchId: IdSchema,
  sport: z.string(),
  /** Whether the caller's plan covers this match (false for a visitor who is not signed in). */
  entitled: z.boolean(),
  sources: z.array(StreamSourceSchema),
});
export type MatchStreams = z.infer<typeof MatchStreamsSchema>;

/** GET /api/matches/:id/streams/:sourceId (signed in, entitled): a fresh signed URL before the old one expires. */
export const StreamUrlSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime().nullable() });
export type StreamUrl = z.infer<typeof StreamUrlSchema>;
