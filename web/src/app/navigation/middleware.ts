import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { PageMiddleware } from '@pitchside/shared/site';

/**
 * Route middleware by name (SPEC 2 and 6): `no-auth` pages are open to everyone, `guest-only` pages send a
 * signed-in visitor home, and every other page (`auth`) sends an anonymous visitor to /login, remembering
 * where they were going. A name nobody registered is a 500 'Unknown middleware'.
 */
export interface Session {
  loggedIn: boolean;
}

export type Middleware = (args: LoaderFunctionArgs & { session: Session; lang: string }) => void;

/** A redirect target is kept only if it is a relative path starting with one slash (SPEC 5). */
export const isSafeRedirectTarget = (target: string | null | undefined): target is string =>
  typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');

export const MIDDLEWARE: Record<PageMiddleware, Middleware> = {
  'no-auth': () => {},
  'guest-only': ({ session, lang }) => {
    if (session.loggedIn) throw redirect(`/${lang}`);
  },
  auth: ({ session, lang, request }) => {
    if (session.loggedIn) return;
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    throw redirect(`/${lang}/login?redirect=${encodeURIComponent(target)}`);
  },
};

/**
 * Runs a page's middleware. Sign-in does not exist yet (issue 4), so nobody is signed in: account pages
 * send visitors to /login, as the spec says they must for an anonymous visitor.
 */
export function runMiddleware(
  names: readonly string[],
  args: LoaderFunctionArgs,
  registry: Record<string, Middleware> = MIDDLEWARE,
): void {
  const session: Session = { loggedIn: false };
  const lang = args.params.lang ?? 'en';
  for (const name of names) {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware) {
      throw new Response(`Unknown middleware: ${name}`, { status: 500, statusText: 'Unknown middleware' });
    }
    middleware({ ...args, session, lang });
  }
}
