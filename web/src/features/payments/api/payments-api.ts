import type { CreateOrderBody, CreateOrderResponse, Entitlement, Order } from '@pitchside/shared/payments';
// The one bearer client of the site (refresh, retry, timeouts): payments are account calls like any other.
import { authFetch } from '../../../lib/session/auth-fetch.ts';
import {
  CreateOrderResponseSchema,
  EntitlementsSchema,
  OrderSchema,
  OrdersSchema,
} from './payments-parsers.ts';

/**
 * The signed-in payments calls (shared/src/payments has the contract), answers checked with the shared
 * schemas. Failures reject with a PitchsideError carrying the gateway's code (auth-fetch.ts).
 */
const segment = encodeURIComponent;

/** POST /api/orders: the order and the provider's checkout page to send the buyer to. */
export const createOrder = (body: CreateOrderBody): Promise<CreateOrderResponse> =>
  authFetch.request('/orders', { method: 'POST', body, parser: CreateOrderResponseSchema });

/** The order as the server verified it: the only thing a result page shows. */
export const getOrder = (id: string, signal?: AbortSignal): Promise<Order> =>
  authFetch.request(`/orders/${segment(id)}`, { parser: OrderSchema, ...(signal ? { signal } : {}) });

export const listOrders = (): Promise<Order[]> =>
  authFetch.request('/account/orders', { parser: OrdersSchema });

export const listEntitlements = (): Promise<Entitlement[]> =>
  authFetch.request('/account/entitlements', { parser: EntitlementsSchema });
