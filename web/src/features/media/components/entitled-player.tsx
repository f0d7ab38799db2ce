import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Playback } from '@pitchside/shared/content';
import { codeMessage } from '../../../lib/session/describe-auth-error.ts';
import { fetchPlayback, type PlayableKind } from '../api/media-api.ts';
import MediaPlayer from './media-player.tsx';
import { Paywall } from './paywall.tsx';

export interface EntitledPlayerProps {
  kind: PlayableKind;
  id: string;
  title: string;
  loggedIn: boolean;
  pricingHref: string;
  signInHref: string;
}

type Loaded = { playback: Playback } | { paywall: true } | { error: string } | null;

/** A refusal that a plan (or signing in) would lift, as for a premium match stream. */
const isRefusal = (code: string): boolean => code === 'stream:not-entitled' || code.startsWith('auth:');
const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'server:internal';
};

/**
 * A film or a TV channel opened by the viewer (a chunk of its own, with the bearer client and zod): asks
 * where it plays from with the viewer's session, then plays it, or shows the premium paywall when the
 * answer is 401/403. Asked again when the session changes (signing in may unlock it) and when a premium
 * renewal is refused (the plan ended while it played).
 */
export default function EntitledPlayer({
  kind,
  id,
  title,
  loggedIn,
  pricingHref,
  signInHref,
}: EntitledPlayerProps) {
  const { t } = useTranslation('media');
  const { t: tAccount } = useTranslation('account');
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    fetchPlayback(kind, id, controller.signal).then(
      (playback) => setLoaded({ playback }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = codeOf(error);
        setLoaded(isRefusal(code) ? { paywall: true } : { error: code });
      },
    );
    return () => controller.abort();
  }, [kind, id, loggedIn, generation]);

  const renew = useCallback(() => fetchPlayback(kind, id), [kind, id]);
  const refused = useCallback(() => setGeneration((n) => n + 1), []);

  if (!loaded)
    return (
      <p className="media-stage__message" role="status">
        {t('common.loading')}
      </p>
    );
  if ('paywall' in loaded)
    return <Paywall title={title} pricingHref={pricingHref} signInHref={loggedIn ? null : signInHref} />;
  if ('error' in loaded)
    return (
      <div className="media-stage__message" role="status" data-testid="media-play-error">
        <p>{codeMessage(tAccount, loaded.error)}</p>
        <button type="button" className="stream-button" onClick={() => setGeneration((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  const { playback } = loaded;
  return (
    <MediaPlayer
      key={`${playback.url}:${generation}`}
      playback={playback}
      title={title}
      live={kind === 'tv'}
      renew={playback.expiresAt ? renew : undefined}
      onRefused={refused}
    />
  );
}
