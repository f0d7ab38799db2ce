/**
 * A price kept in the currency's minor unit (999 EUR = 9.99 €), written as the operator reads money; a
 * code Intl does not know is shown as it is.
 */
export function formatMinor(amount: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}
