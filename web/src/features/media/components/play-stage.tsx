import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import type { PlayableKind } from '../api/media-api.ts';

/** The bearer client, zod and the player: a chunk of its own, fetched when something is first played. */
const EntitledPlayer = lazy(() => import('./entitled-player.tsx'));

export interface PlayStageProps {
  kind: PlayableKind;
  id: string;
  title: string;
  pricingHref: string;
  signInHref: string;
}

/**
 * Where a film or a channel plays once the viewer asked for it (so only in the browser): waits for the
 * session to be restored from storage, then the player or the paywall.
 */
export function PlayStage(props: PlayStageProps) {
  const { t } = useTranslation('media');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const restored = useSessionStore((s) => s.restored);
  const loading = (
    <p className="media-stage__message" role="status">
      {t('common.loading')}
    </p>
  );
  return (
    <div className="media-stage" data-testid="media-stage">
      {restored ? (
        <Suspense fallback={loading}>
          <EntitledPlayer {...props} loggedIn={loggedIn} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
