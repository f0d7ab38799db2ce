import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isSafeRedirectTarget } from '@pitchside/shared/auth/redirect-target';
import type { PageMiddleware } from '@pitchside/shared/site';
import { useSessionStore } from '../../lib/session/session-store.ts';
import type { LoaderContext } from '../../lib/api.ts';

/**
 * Route middleware by name (SPEC 2 and 6): `no-auth` pages are open to everyone, `guest-only` pages send a
 * signed-in visitor home, and every other page (`auth`) sends an anonymous visitor to /login, remembering
 * where they were going. A name nobody registered is a 500 'Unknown middleware'.
 */
export interface Session {
  loggedIn: boolean;
}

export type Middleware = (args: LoaderFunctionArgs & { session: Session; lang: string }) => void;

/**
 * Who is asking. On the server the renderer's context says (the non-secret cookie hint: it only picks
 * the shell, every piece of account data still needs a bearer token); in the browser the session store.
 */
export function sessionFrom(context: unknown): Session {
  const signedIn = (context as Partial<LoaderContext> | undefined)?.signedIn;
  if (typeof signedIn === 'boolean') return { loggedIn: signedIn };
  return { loggedIn: useSessionStore.getState().loggedIn };
}

export const MIDDLEWARE: Record<PageMiddleware, Middleware> = {
  'no-auth': () => {},
  'guest-only': ({ session, lang }) => {
    if (session.loggedIn) throw redirect(`/${lang}`);
  },
  auth: ({ session, lang, request }) => {
    if (session.loggedIn) return;
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    const back = isSafeRedirectTarget(target) ? `?redirect=${encodeURIComponent(target)}` : '';
    throw redirect(`/${lang}/login${back}`);
  },
};

/** Runs a page's middleware for the visitor `session` describes (by default: sessionFrom the context). */
export function runMiddleware(
  names: readonly string[],
  args: LoaderFunctionArgs,
  registry: Record<string, Middleware> = MIDDLEWARE,
  session: Session = sessionFrom(args.context),
): void {
  const lang = args.params.lang ?? 'en';
  for (const name of names) {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware) {
      throw new Response(`Unknown middleware: ${name}`, { status: 500, statusText: 'Unknown middleware' });
    }
    middleware({ ...args, session, lang });
  }
}
