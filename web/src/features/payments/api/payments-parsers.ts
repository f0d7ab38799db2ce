import '../../../lib/zod-browser.ts';
import { EntitlementSchema, OrderSchema } from '@pitchside/shared/payments';

export { CreateOrderResponseSchema, OrderSchema, PlansResponseSchema } from '@pitchside/shared/payments';

/**
 * The parsers of the payments reads, built from shared's schemas (shared/src/payments). The plans loader
 * fetches this chunk lazily (envelope.ts `LazyParser`); the bearer calls of payments-api.ts import it
 * directly, and only pages that are already off the first view (pricing, payment and account pages)
 * import those.
 */
export const OrdersSchema = OrderSchema.array();
export const EntitlementsSchema = EntitlementSchema.array();
