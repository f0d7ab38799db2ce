/**
 * Money as the gateway sends it: an integer count of the currency's minor unit and an ISO 4217 code
 * (shared/src/payments). Shown with Intl.NumberFormat in the page's language, so 999 EUR reads "9,99 €" in
 * German and "€9.99" in English. The exponent comes from the same ICU data the gateway uses
 * (gateway/src/payments/money.ts): EUR 2, JPY 0, KWD 3.
 */
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** Digits after the decimal point of a currency (2 when the code is unknown to ICU). */
export function currencyExponent(currency: string): number {
  try {
    return currencyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 999 EUR in 'de' → "9,99 €". An unknown code is shown as the number and the code. */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  // Exact for every amount we price in: a decimal shift of an integer below 2^53.
  const major = amountMinor / 10 ** exponent;
  try {
    return currencyFormat(currency, locale).format(major);
  } catch {
    return `${major.toFixed(exponent)} ${currency}`;
  }
}

/** The currency's name in the visitor's language ("Euro", "Pfund Sterling"), or the code. */
export function currencyName(currency: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** Where people speak the region's language we price in, their currency (ISO 3166 region → ISO 4217). */
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  IE: 'EUR',
  AU: 'AUD',
  CA: 'CAD',
  NZ: 'NZD',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  CH: 'CHF',
  AT: 'EUR',
  DE: 'EUR',
  ES: 'EUR',
  FR: 'EUR',
  BE: 'EUR',
  LU: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  ID: 'IDR',
  RU: 'RUB',
  TR: 'TRY',
};

/** A language alone: the currency most of its readers on this site pay in. */
const LANGUAGE_CURRENCY: Record<string, string> = {
  en: 'USD',
  de: 'EUR',
  es: 'EUR',
  fr: 'EUR',
  it: 'EUR',
  nl: 'EUR',
  pt: 'EUR',
  id: 'IDR',
  ru: 'RUB',
  tr: 'TRY',
};

/** The currency the site falls back to when nothing about the visitor points to an offered one. */
const FALLBACK_CURRENCY = 'EUR';

export interface CurrencyHints {
  /** The page's language. */
  language: string;
  /** The browser's preferred locales (navigator.languages), whose regions say most; none on the server. */
  locales?: readonly string[];
  /** A currency the visitor picked before. */
  chosen?: string | null;
}

/**
 * The currency to show first, among those the plans are priced in: the visitor's own earlier choice, else
 * the region of their browser's locales (en-GB → GBP), else the page's language (de → EUR), else EUR,
 * else the first offered. On the server only the language is known, so server and hydration agree;
 * the browser refines it afterwards.
 */
export function preferredCurrency(available: readonly string[], hints: CurrencyHints): string | null {
  const offered = (code: string | null | undefined) =>
    code ? available.find((c) => c === code.toUpperCase()) : undefined;
  const fromRegions = (hints.locales ?? []).map((locale) => {
    const region = regionOf(locale);
    return region ? REGION_CURRENCY[region] : undefined;
  });
  return (
    offered(hints.chosen) ??
    fromRegions.map(offered).find(Boolean) ??
    offered(LANGUAGE_CURRENCY[hints.language.slice(0, 2).toLowerCase()]) ??
    offered(FALLBACK_CURRENCY) ??
    available[0] ??
    null
  );
}

function regionOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).region;
  } catch {
    return undefined;
  }
}
