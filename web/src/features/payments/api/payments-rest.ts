import type { PlansResponse } from '@pitchside/shared/payments';
import type { Ack } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';

/**
 * The public plan catalogue (GET /api/plans), read by the pricing pages' loaders on the server and in the
 * browser. Every currency's prices come at once, so switching currency needs no request. The parsers
 * (payments-parsers.ts) come in a chunk of their own, fetched with the first request.
 */
const parsers = () => import('./payments-parsers.ts');
const PlansSchema = lazyParser(parsers, (m) => m.PlansResponseSchema);

export interface PlansQuery {
  /** A sport's passes (pricing-sport); without it the site-wide plans. */
  sport?: string;
  /** A deal code: reveals its hidden plans and applies its discount. */
  deal?: string;
}

export function fetchPlans(
  query: PlansQuery,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<PlansResponse>> {
  const search = new URLSearchParams();
  if (query.sport) search.set('sport', query.sport);
  if (query.deal) search.set('deal', query.deal);
  const qs = search.toString();
  return api.get(`/plans${qs ? `?${qs}` : ''}`, PlansSchema, signal);
}

/** A deal code as the gateway accepts one (shared DealCodeSchema), upper case; null for anything else. */
export function normaliseDealCode(value: string | null | undefined): string | null {
  const code = value?.trim() ?? '';
  return /^[A-Za-z0-9-]{3,32}$/.test(code) ? code.toUpperCase() : null;
}

export interface PricingData {
  plans: Ack<PlansResponse>;
  /** The deal code the address asked for, as sent. */
  deal: string | null;
  /** Why that code revealed nothing (deal:not-found), while `plans` is the catalogue without it. */
  dealError: string | null;
}

/**
 * The pricing pages' data: the plans for the address's `?deal=`; an unknown or expired code still shows
 * the ordinary plans, with the reason beside the code field.
 */
export async function loadPricing(
  query: { sport?: string; deal: string | null },
  signal: AbortSignal,
  api: ApiClient,
): Promise<PricingData> {
  const deal = normaliseDealCode(query.deal);
  const base = query.sport ? { sport: query.sport } : {};
  if (!deal) {
    const plans = await fetchPlans(base, signal, api);
    return { plans, deal: null, dealError: query.deal ? 'deal:not-found' : null };
  }
  const withDeal = await fetchPlans({ ...base, deal }, signal, api);
  if ('data' in withDeal || withDeal.error.code !== 'deal:not-found')
    return { plans: withDeal, deal, dealError: null };
  return { plans: await fetchPlans(base, signal, api), deal, dealError: withDeal.error.code };
}
