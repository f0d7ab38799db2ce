import { LIVE_CHAT_DELAY_MS, TAG_MANAGER_DELAY_MS } from '@pitchside/shared/constants';
import type { SiteConfig } from '../../lib/visit.ts';

const FIRST_INTERACTION = ['scroll', 'mousemove', 'touchstart'] as const;

function addScript(src: string, id: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
}

/** Runs `start` once, `delayMs` after the page's load event (or now, if it already happened). */
function afterLoad(delayMs: number, start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    timer = setTimeout(start, delayMs);
  };
  if (document.readyState === 'complete') arm();
  else window.addEventListener('load', arm, { once: true });
  return () => {
    window.removeEventListener('load', arm);
    clearTimeout(timer);
  };
}

/**
 * SPEC 1: the tag manager starts 3.5 s after load, or at the first scroll, mouse move or touch if sooner;
 * the live chat 3 s after load. Each is configured by the environment and off when unset. Called by the
 * entry script as soon as it runs, before the page hydrates (the page may load, and the visitor move,
 * long before that).
 */
export function scheduleThirdPartyScripts(config: Pick<SiteConfig, 'tagManagerSrc' | 'liveChatSrc'>): void {
  const { tagManagerSrc, liveChatSrc } = config;
  if (tagManagerSrc) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      addScript(tagManagerSrc, 'tag-manager');
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, start);
    };
    for (const event of FIRST_INTERACTION)
      window.addEventListener(event, start, { once: true, passive: true });
    afterLoad(TAG_MANAGER_DELAY_MS, start);
  }
  if (liveChatSrc) afterLoad(LIVE_CHAT_DELAY_MS, () => addScript(liveChatSrc, 'live-chat'));
}
