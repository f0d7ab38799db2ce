import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

/**
 * The pricing pages keep their choices in the address (`?deal=`, `?currency=`, `?plan=`), so a deal link
 * works, a shared link shows the same prices, and signing in comes back to the same offer.
 */
/** What the pricing view reads from and does to the address. */
export type PricingQuery = ReturnType<typeof usePricingQuery>;

export function usePricingQuery() {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const { lang = 'en' } = useParams();
  const navigate = useNavigate();

  const withChanges = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    },
    [search],
  );

  const setQuery = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(withChanges(changes), { replace: true, preventScrollReset: true }),
    [setSearch, withChanges],
  );

  const signInHref = useCallback(
    (changes: Record<string, string | null>) => {
      const query = withChanges(changes).toString();
      const back = `${pathname}${query ? `?${query}` : ''}`;
      return `/${lang}/login?redirect=${encodeURIComponent(back)}`;
    },
    [lang, pathname, withChanges],
  );

  const goTo = useCallback((href: string) => void navigate(href), [navigate]);

  return {
    language: lang,
    deal: search.get('deal'),
    currency: search.get('currency'),
    plan: search.get('plan'),
    setQuery,
    signInHref,
    goTo,
  };
}

/** Run the pricing loader again when the deal changes or on a revalidation: currency and plan are read in the page. */
export const pricingShouldRevalidate = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean =>
  // The same address: a revalidation (an operator changed plans or deals) or a reload of the page.
  currentUrl.href === nextUrl.href ||
  currentUrl.pathname !== nextUrl.pathname ||
  currentUrl.searchParams.get('deal') !== nextUrl.searchParams.get('deal')
    ? defaultShouldRevalidate
    : false;
