import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';
import { useVisit } from '../../../lib/visit.ts';

/**
 * Days are the visitor's: "today" and a day's matches depend on the time zone. The first HTML is rendered
 * with the zone the server knew (UTC for a first visit); once the browser has said its own (entry-client
 * switches the visit to it), a page whose loader used another zone runs it again, once, in the browser.
 */
export function useLoaderZoneInSync(loaderZone: string): void {
  const { timeZone } = useVisit();
  const { revalidate } = useRevalidator();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (timeZone === loaderZone || asked.current === timeZone) return;
    asked.current = timeZone;
    void revalidate();
  }, [timeZone, loaderZone, revalidate]);
}
