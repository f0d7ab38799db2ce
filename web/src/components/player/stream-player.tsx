import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamUrl } from '@pitchside/shared/payments';
import { engineFor, type PlaybackEngine } from './playback-engine.ts';
import { refreshDelayMs, tokenOf, withToken } from './stream-token.ts';
import './player.css';

/** A request leaving later than this before its token's expiry waits for a fresh token. */
const REQUEST_MARGIN_MS = 2000;

type Status = 'connecting' | 'playing' | 'paused' | 'buffering' | 'stalled' | 'failed' | 'unsupported';

export interface StreamPlayerProps {
  /** The feed's URL as the API gave it, and when it expires (premium) or null (free). */
  initial: StreamUrl;
  label: string;
  /** A fresh signed URL (premium feeds); rejects when the plan no longer covers the feed. */
  renew?: (() => Promise<StreamUrl>) | undefined;
  /** Renewing was refused for good (the plan ended, the session is over): the panel shows the paywall. */
  onRefused?: ((error: unknown) => void) | undefined;
  /** `hls` (the default: live feeds, HLS highlights) or `mp4` (a progressive file the <video> plays itself). */
  kind?: 'hls' | 'mp4';
  /** The status while playing; live feeds say "Live", a recording (highlight, film) says this instead. */
  playingLabel?: string | undefined;
}

/**
 * One live HLS feed in a <video> with the browser's own controls (keyboard and screen-reader ready), a
 * status line and, when the browser would only start it muted, a button for the sound.
 * Recordings play through it too (highlights, films: HLS or, with `kind="mp4"`, a file the element plays).
 *
 * hls.js is imported here, when a feed is opened, never with a page (it is about 100 KB gzipped); the
 * light build, since these feeds need no subtitles, alternate audio or DRM.
 *
 * Signed premium URLs expire (two minutes by default). The player asks for a fresh one a quarter of its
 * lifetime ahead (stream-token.ts `refreshDelayMs`) and, with hls.js, swaps the token inside `xhrSetup`:
 * every playlist reload, init section and segment request goes out with the newest token, so nothing is
 * reloaded and playback never stops; a request whose token is about to expire (the timer ran late in a
 * busy or sleeping tab) waits there for the fresh one. (Calling loadSource with the new URL would also work, but it
 * restarts the level loading and flushes the buffer: a visible hiccup every renewal.) With the browser's
 * own HLS there is no request hook, so the new URL becomes the source, a short stall (engineFor keeps
 * that to browsers without MSE). A 403 from the media origin (a token that expired while the tab slept, a
 * clock far off) is answered by one renewal and a retry; a second 403 before anything loaded again ends
 * the playback with a message.
 */
export function StreamPlayer({
  initial,
  label,
  renew,
  onRefused,
  kind = 'hls',
  playingLabel,
}: StreamPlayerProps) {
  const { t } = useTranslation('match');
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('connecting');
  const [engine, setEngine] = useState<PlaybackEngine | null>(null);
  const [muted, setMuted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The latest props, read by the long-lived effect without restarting it. One player per feed (the panel
  // keys it): a new URL of the same feed is the renewal's business, so the effect reads the feed once per
  // attempt and follows nothing else.
  const latest = useRef({ renew, onRefused, initial, kind });
  latest.current = { renew, onRefused, initial, kind };

  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    const { initial: feed, kind: format } = latest.current;
    let disposed = false;
    let url = feed.url;
    let token = tokenOf(url);
    let expiresAt = feed.expiresAt;
    const expiryOf = (iso: string | null) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);
    let receivedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renewing: Promise<boolean> | null = null;
    /** A 403 was answered with a renewal and nothing has loaded since. */
    let renewedAfterRefusal = false;
    let destroy = () => {};
    let swapSource = () => {};

    const mediaSource =
      typeof window !== 'undefined' && ('ManagedMediaSource' in window || 'MediaSource' in window);
    // An MP4 file needs no engine: the element plays it (a renewed URL becomes its source, like native HLS).
    const chosen =
      format === 'mp4'
        ? 'native'
        : engineFor({
            signed: token !== null,
            nativeHls: element.canPlayType('application/vnd.apple.mpegurl') !== '',
            mediaSource,
          });
    setEngine(chosen);
    setStatus('connecting');

    const start = () => {
      element.muted = false;
      element.play().then(
        () => setMuted(false),
        (error: unknown) => {
          if (disposed || (error as { name?: string })?.name !== 'NotAllowedError') return;
          // Autoplay with sound is refused until the visitor interacts: start muted, offer the sound.
          element.muted = true;
          setMuted(true);
          element.play().catch(() => !disposed && setStatus('paused'));
        },
      );
    };

    const schedule = () => {
      clearTimeout(timer);
      const delay = refreshDelayMs(expiresAt, receivedAt, Date.now());
      if (delay !== null) timer = setTimeout(() => void renewNow(), delay);
    };

    const renewNow = (): Promise<boolean> => {
      const ask = latest.current.renew;
      if (!ask) return Promise.resolve(false);
      renewing ??= ask()
        .then((fresh) => {
          if (disposed) return false;
          url = fresh.url;
          token = tokenOf(fresh.url) ?? token;
          expiresAt = fresh.expiresAt;
          receivedAt = Date.now();
          schedule();
          swapSource();
          return true;
        })
        .catch((error: unknown) => {
          if (disposed) return false;
          const code = (error as { code?: string })?.code ?? '';
          if (code === 'stream:not-entitled' || code.startsWith('auth:')) {
            latest.current.onRefused?.(error);
          } else {
            // The API is briefly unwell: try again soon, well before the token runs out.
            timer = setTimeout(() => void renewNow(), 5000);
          }
          return false;
        })
        .finally(() => {
          renewing = null;
        });
      return renewing;
    };

    /** A request was refused (403). `sentWith`: its token, when known; an older one than ours just retries. */
    const refused = (retry: () => void, sentWith: string | null = null) => {
      if (renewing) {
        void renewing.then((ok) => ok && !disposed && retry());
        return;
      }
      if (sentWith && token && sentWith !== token) {
        retry();
        return;
      }
      if (renewedAfterRefusal || !latest.current.renew) {
        setStatus('failed');
        return;
      }
      renewedAfterRefusal = true;
      setStatus('stalled');
      void renewNow().then((ok) => ok && !disposed && retry());
    };

    const onPlaying = () => {
      renewedAfterRefusal = false;
      setStatus('playing');
    };
    const onPause = () => setStatus((s) => (s === 'failed' ? s : 'paused'));
    const onWaiting = () => setStatus((s) => (s === 'playing' ? 'buffering' : s));
    const onVolume = () => !element.muted && setMuted(false);
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    element.addEventListener('waiting', onWaiting);
    element.addEventListener('volumechange', onVolume);

    if (chosen === 'native') {
      element.src = url;
      swapSource = () => {
        const wasPlaying = !element.paused;
        element.src = url;
        if (wasPlaying) void element.play().catch(() => {});
      };
      const onError = () => {
        // The element reports no status code; a network error on a signed feed is most likely the token.
        if (element.error?.code === MediaError.MEDIA_ERR_NETWORK && token) refused(() => swapSource());
        else if (element.error) setStatus('failed');
      };
      element.addEventListener('error', onError);
      destroy = () => {
        element.removeEventListener('error', onError);
        element.removeAttribute('src');
        element.load();
      };
      start();
      schedule();
    } else if (chosen === 'hls.js') {
      void import('hls.js/light').then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) {
          setStatus('unsupported');
          return;
        }
        const origin = window.location.origin;
        const hls = new Hls({
          // Every request of a signed feed goes out with the newest token (see above). hls.js waits for
          // this hook: a token about to expire (the renewal timer ran late in a busy or sleeping tab) is
          // renewed before the request leaves, so no request is sent with a token the origin will refuse.
          xhrSetup: async (xhr, requestUrl) => {
            if (token && Date.now() > expiryOf(expiresAt) - REQUEST_MARGIN_MS) await renewNow();
            xhr.open('GET', token ? withToken(requestUrl, token, origin) : requestUrl, true);
          },
          // A live feed: start a few segments back from the live edge and keep the buffer short.
          liveSyncDurationCount: 3,
          backBufferLength: 30,
        });
        let parsed = false;
        // Refused before the playlist ever loaded: load it again; later, resume loading where it stopped.
        const retry = () => (parsed ? hls.startLoad() : hls.loadSource(url));
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.response?.code === 403) {
            const sent = (data.networkDetails as XMLHttpRequest | undefined)?.responseURL;
            const sentWith = sent ? tokenOf(sent) : null;
            // Not fatal: hls.js carries on by itself; just make sure the next request has a token that works.
            if (!data.fatal) {
              if (!sentWith || sentWith === token) void renewNow();
              return;
            }
            refused(retry, sentWith);
            return;
          }
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setStatus('failed');
        });
        hls.on(Hls.Events.FRAG_LOADED, () => {
          renewedAfterRefusal = false;
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          if (parsed) return;
          parsed = true;
          start();
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
        schedule();
      });
    } else {
      setStatus('unsupported');
    }

    return () => {
      disposed = true;
      clearTimeout(timer);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('waiting', onWaiting);
      element.removeEventListener('volumechange', onVolume);
      destroy();
    };
  }, [attempt]);

  const message =
    status === 'playing'
      ? (playingLabel ?? t('stream.player.live'))
      : status === 'paused'
        ? t('stream.player.paused')
        : status === 'buffering'
          ? t('stream.player.buffering')
          : status === 'stalled'
            ? t('stream.player.stalled')
            : status === 'failed'
              ? t('stream.player.failed')
              : status === 'unsupported'
                ? t('stream.player.unsupported')
                : t('stream.player.connecting');

  return (
    <div
      className="stream-player"
      data-testid="stream-player"
      data-status={status}
      data-engine={engine ?? ''}
    >
      <video
        ref={video}
        className="stream-player__video"
        controls
        playsInline
        preload="none"
        aria-label={t('stream.player.label', { feed: label })}
        data-testid="stream-video"
      />
      <div className="stream-player__bar">
        <p className="stream-player__status" role="status">
          {status === 'playing' && !playingLabel && (
            <span className="stream-player__dot" aria-hidden="true" />
          )}
          {message}
        </p>
        {muted && status !== 'failed' && (
          <button
            type="button"
            className="stream-button"
            onClick={() => {
              const element = video.current;
              if (!element) return;
              element.muted = false;
              setMuted(false);
              void element.play().catch(() => {});
            }}
            data-testid="stream-unmute"
          >
            {t('stream.player.unmute')}
          </button>
        )}
        {status === 'failed' && (
          <button
            type="button"
            className="stream-button"
            onClick={() => setAttempt((n) => n + 1)}
            data-testid="stream-retry"
          >
            {t('stream.player.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
