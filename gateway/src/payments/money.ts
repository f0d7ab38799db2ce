/**
 * Money crosses our boundaries as an integer count of the currency's minor unit (cents) and an upper-case
 * ISO 4217 code: no floating point anywhere. Providers that want a decimal string (PayPal) get one here.
 */

const CURRENCY = /^[A-Z]{3}$/;

/**
 * Digits after the decimal point, from ISO 4217 as ICU ships it (EUR 2, JPY 0, KWD 3). Stripe's "smallest
 * currency unit" agrees for every currency we price in; its few exceptions (ISK, HUF, TWD, UGX payouts) are
 * listed at https://docs.stripe.com/currencies#special-cases and are not in our plans.
 */
export function currencyExponent(currency: string): number {
  if (!CURRENCY.test(currency)) throw new RangeError(`not an ISO 4217 currency code: ${currency}`);
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 999 EUR-cents → "9.99"; 500 JPY → "500". */
export function toDecimalString(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`not an amount: ${amountMinor}`);
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(amountMinor);
  const digits = String(amountMinor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** "9.99" EUR → 999; "10" EUR → 1000. Refuses more fraction digits than the currency has (no rounding). */
export function fromDecimalString(value: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  const exponent = currencyExponent(currency);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > exponent) throw new RangeError(`not a ${currency} amount: ${value}`);
  const minor = Number(`${match[1]}${fraction.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount too large: ${value}`);
  return minor;
}
