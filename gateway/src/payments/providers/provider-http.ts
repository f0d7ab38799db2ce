import type { z } from 'zod';
import { PaymentError } from '../payment-error.ts';

/** How adapters reach their provider; tests point `fetch` at a local peer speaking the provider's API. */
export interface ProviderHttp {
  fetch: typeof globalThis.fetch;
  /** Per request. PayPal and Stripe answer in well under a second; a stuck call must not hold a buyer. */
  timeoutMs: number;
}

export const defaultProviderHttp = (): ProviderHttp => ({ fetch: globalThis.fetch, timeoutMs: 15_000 });

export interface ProviderResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

/**
 * One call to a provider. What a retry may fix (no connection, a timeout, 429, 5xx) becomes
 * `payment:provider-unavailable`; any other answer is returned for the adapter to judge, because some 4xx
 * answers mean something (PayPal's ORDER_ALREADY_CAPTURED is a capture that already happened).
 */
export async function providerRequest(
  http: ProviderHttp,
  url: string | URL,
  init: RequestInit,
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.timeoutMs) });
  } catch (error) {
    throw new PaymentError(
      'payment:provider-unavailable',
      `${init.method ?? 'GET'} ${String(url)}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status === 429 || response.status >= 500) {
    throw new PaymentError(
      'payment:provider-unavailable',
      `${init.method ?? 'GET'} ${String(url)}: ${response.status}`,
    );
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** Parses a provider's answer with its documented schema; anything else is the provider failing us. */
export function parseProviderBody<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new PaymentError('payment:provider-failed', `${what} is not in the documented shape (${issues})`);
}

/** A 4xx the adapter has no special meaning for. */
export function refused(what: string, response: ProviderResponse, detail?: string): PaymentError {
  return new PaymentError(
    'payment:provider-failed',
    `${what}: HTTP ${response.status}${detail ? ` ${detail}` : ''}`,
  );
}
