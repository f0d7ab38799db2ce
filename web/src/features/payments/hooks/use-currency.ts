import { useCallback, useEffect, useState } from 'react';
import { preferredCurrency } from '../utils/money.ts';

/** Where the visitor's currency choice is kept (this browser only: it is a display preference). */
export const CURRENCY_STORAGE_KEY = 'pitchside:currency';

function stored(): string | null {
  try {
    return localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The currency the pricing pages show, among `available`: the address's `?currency=` when it names an
 * offered one (server and browser agree on it), else what preferredCurrency picks from the page language.
 * After hydration the browser's own hints (an earlier choice, the locale's region) may change it once;
 * choosing one remembers it.
 */
export function useCurrency(
  available: readonly string[],
  language: string,
  fromAddress: string | null,
): [string | null, (currency: string) => void] {
  const addressed = fromAddress ? (available.find((c) => c === fromAddress.toUpperCase()) ?? null) : null;
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    if (addressed) return;
    const refined = preferredCurrency(available, {
      language,
      locales: typeof navigator === 'undefined' ? [] : navigator.languages,
      chosen: stored(),
    });
    setPicked((current) => current ?? refined);
  }, [addressed, available, language]);

  const choose = useCallback((currency: string) => {
    setPicked(currency);
    try {
      localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
    } catch {
      // Storage blocked: the choice lasts as long as the page.
    }
  }, []);

  const current =
    addressed ?? (picked && available.includes(picked) ? picked : preferredCurrency(available, { language }));
  return [current, choose];
}
