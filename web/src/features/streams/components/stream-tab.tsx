import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import '../streams.css';

/** The panel, its API calls, zod and the player: a chunk of its own, fetched when the tab is opened. */
const StreamPanel = lazy(() => import('./stream-panel.tsx'));

export interface StreamTabProps {
  matchId: string;
  /** The tab is the one showing: nothing loads or plays before it is. */
  active: boolean;
  pricingHref: string;
  signInHref: string;
}

/**
 * The match page's stream tab. The server renders only its frame (streams depend on who is watching, and
 * the session lives in the browser); once the tab is opened in the browser the panel loads, and it is
 * unmounted when another tab is chosen, which stops the video and its downloads.
 */
export function StreamTab({ matchId, active, pricingHref, signInHref }: StreamTabProps) {
  const { t } = useTranslation('match');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const restored = useSessionStore((s) => s.restored);
  // False on the server and through hydration, so both render the same frame.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const loading = <p role="status">{t('stream.loading')}</p>;
  return (
    <section className="stream-tab" aria-labelledby="stream-title" data-testid="stream-tab">
      <h2 className="stream-tab__title" id="stream-title">
        {t('stream.title')}
      </h2>
      {inBrowser && active && restored ? (
        <Suspense fallback={loading}>
          <StreamPanel
            matchId={matchId}
            loggedIn={loggedIn}
            pricingHref={pricingHref}
            signInHref={signInHref}
          />
        </Suspense>
      ) : (
        <p className="stream-tab__intro">{t('stream.intro')}</p>
      )}
    </section>
  );
}
