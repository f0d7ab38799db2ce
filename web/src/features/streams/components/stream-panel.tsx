import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MatchStreams, StreamSource } from '@pitchside/shared/payments';
import { codeMessage } from '../../../lib/session/describe-auth-error.ts';
import { contentTopics } from '@pitchside/shared/content';
import { useContentTopic } from '../../../lib/content-topics/use-content-topic.ts';
import { fetchMatchStreams, fetchStreamUrl } from '../api/streams-api.ts';
import { defaultSource, stageOf } from '../utils/stream-choice.ts';
import { StreamPlayer } from '../../../components/player/stream-player.tsx';
import '../../../components/player/player.css';

export interface StreamPanelProps {
  matchId: string;
  loggedIn: boolean;
  pricingHref: string;
  signInHref: string;
}

type Loaded = { streams: MatchStreams } | { error: string } | null;

/**
 * The stream tab's content, loaded when the tab is first opened: the match's feeds (free or premium), the
 * chosen one playing below, or its paywall. Read again when the session changes (signing in may unlock the
 * premium feed) and when a premium renewal is refused (a refund ends the plan).
 */
export default function StreamPanel({ matchId, loggedIn, pricingHref, signInHref }: StreamPanelProps) {
  const { t } = useTranslation('match');
  const { t: tAccount } = useTranslation('account');
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // A source an operator adds or removes shows in the open panel: the list is fetched again, and the player
  // keeps playing (its key is `generation`, which only a retry moves).
  const [listVersion, setListVersion] = useState(0);
  const refetch = useCallback(() => setListVersion((n) => n + 1), []);
  useContentTopic(contentTopics.matchStreams(matchId), refetch);

  useEffect(() => {
    const controller = new AbortController();
    fetchMatchStreams(matchId, controller.signal).then(
      (streams) => setLoaded({ streams }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = (error as { code?: unknown })?.code;
        setLoaded({ error: typeof code === 'string' ? code : 'server:internal' });
      },
    );
    return () => controller.abort();
  }, [matchId, loggedIn, generation, listVersion]);

  const renew = useCallback((source: StreamSource) => () => fetchStreamUrl(matchId, source.id), [matchId]);
  const refused = useCallback(
    (error: unknown) => {
      const code = (error as { code?: unknown })?.code;
      setNotice(typeof code === 'string' ? codeMessage(tAccount, code) : null);
      setGeneration((n) => n + 1);
    },
    [tAccount],
  );

  if (!loaded) return <p role="status">{t('stream.loading')}</p>;
  if ('error' in loaded)
    return (
      <div className="stream-panel__message" role="status" data-testid="stream-error">
        <p>{codeMessage(tAccount, loaded.error)}</p>
        <button type="button" className="stream-button" onClick={() => setGeneration((n) => n + 1)}>
          {t('stream.retry')}
        </button>
      </div>
    );

  const { streams } = loaded;
  const chosen = streams.sources.find((s) => s.id === chosenId) ?? defaultSource(streams);
  if (!chosen)
    return (
      <p className="stream-panel__message" data-testid="stream-none">
        {t('stream.none')}
      </p>
    );

  return (
    <div className="stream-panel" data-testid="stream-panel" data-entitled={streams.entitled}>
      <ul className="stream-sources" aria-label={t('stream.feeds')}>
        {streams.sources.map((source) => (
          <li key={source.id}>
            <button
              type="button"
              className="stream-source"
              aria-pressed={source.id === chosen.id}
              onClick={() => setChosenId(source.id)}
              data-testid="stream-source"
              data-source={source.id}
              data-access={source.access}
            >
              <span className="stream-source__label">{source.label}</span>
              <span className={`stream-badge stream-badge--${source.access}`}>
                {source.access === 'premium'
                  ? source.url
                    ? t('stream.premium')
                    : t('stream.locked')
                  : t('stream.free')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {notice && (
        <p className="stream-panel__notice" role="status">
          {notice}
        </p>
      )}
      {stageOf(chosen) === 'player' ? (
        <StreamPlayer
          key={`${chosen.id}:${generation}`}
          initial={{ url: chosen.url!, expiresAt: chosen.expiresAt }}
          label={chosen.label}
          renew={chosen.access === 'premium' ? renew(chosen) : undefined}
          onRefused={refused}
        />
      ) : (
        <div className="stream-paywall" data-testid="stream-paywall">
          <h3 className="stream-paywall__title">{t('stream.paywall.title', { feed: chosen.label })}</h3>
          <p>{t('stream.paywall.body')}</p>
          <p className="stream-paywall__actions">
            <Link className="button" to={pricingHref} data-testid="paywall-pricing">
              {t('stream.paywall.action')}
            </Link>
            {!loggedIn && (
              <Link className="stream-paywall__sign-in" to={signInHref}>
                {t('stream.paywall.signIn')}
              </Link>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
