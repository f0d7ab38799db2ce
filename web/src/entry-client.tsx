import './styles/app.css';
import { BOOT_DATA_ID } from './app/data-blocks.ts';
import { scheduleThirdPartyScripts } from './app/chrome/third-party-scripts.ts';
import { loadGuarded } from './app/navigation/chunk-guard.ts';

/**
 * The page's entry script: a few hundred bytes that wait for the browser to paint the server's HTML, and
 * only then fetch what hydrates it (React, the router, the first page's chunks: about 140 KiB gzip). The
 * HTML is the whole first view, so nothing the visitor sees waits for the JavaScript; on a slow
 * connection the scripts would otherwise share the line with the document's stylesheets and hold up
 * the first paint (the server names the modules in the boot data, not as modulepreload links the browser
 * would fetch at once).
 */
const boot = readBoot();
scheduleThirdPartyScripts({
  tagManagerSrc: typeof boot.config?.tagManagerSrc === 'string' ? boot.config.tagManagerSrc : null,
  liveChatSrc: typeof boot.config?.liveChatSrc === 'string' ? boot.config.liveChatSrc : null,
});

afterFirstPaint(() => {
  // One insertion for all of them: a link added to the head on its own costs a pass over the document.
  const links = document.createDocumentFragment();
  for (const href of modulesToPreload(boot)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  void loadGuarded(() => import('./app/hydrate-document.tsx')).then(({ hydrateDocument }) =>
    hydrateDocument(),
  );
});

/**
 * Runs `task` right after the next frame is painted (a timer set from a frame callback runs once the
 * frame is done), or at once in a hidden tab, which paints no frames until it is shown.
 */
function afterFirstPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', runIfHidden);
    task();
  };
  const runIfHidden = () => {
    if (document.visibilityState === 'hidden') run();
  };
  if (document.visibilityState === 'hidden') return run();
  document.addEventListener('visibilitychange', runIfHidden);
  requestAnimationFrame(() => setTimeout(run, 0));
}

interface BootFields {
  config?: { tagManagerSrc?: unknown; liveChatSrc?: unknown };
  assets?: { preloads?: unknown };
}

/** The fields of the page's boot data the entry needs (hydrate-document reads and checks the rest). */
function readBoot(): BootFields {
  try {
    return JSON.parse(document.getElementById(BOOT_DATA_ID)?.textContent ?? '{}') as BootFields;
  } catch {
    return {}; // hydrate-document reports a page without boot data
  }
}

/** The hydrating module, the first page's chunk and what they import (entry-server.tsx lists them). */
function modulesToPreload(boot: BootFields): string[] {
  const preloads = boot.assets?.preloads;
  return Array.isArray(preloads) ? preloads.filter((p): p is string => typeof p === 'string') : [];
}
