import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { runMiddleware, sessionFrom } from './middleware.ts';

const args = (url: string, context?: unknown): LoaderFunctionArgs =>
  ({
    request: new Request(url),
    params: { lang: 'de' },
    context,
  }) as unknown as LoaderFunctionArgs;

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const guest = { loggedIn: false };
const member = { loggedIn: true };

describe('route middleware', () => {
  it('lets anyone through a no-auth page', () => {
    expect(
      thrown(() => runMiddleware(['no-auth'], args('http://x/de/faq'), undefined, guest)),
    ).toBeUndefined();
    expect(
      thrown(() => runMiddleware(['no-auth'], args('http://x/de/faq'), undefined, member)),
    ).toBeUndefined();
  });

  it('sends an anonymous visitor of an auth page to login, remembering the target', () => {
    const response = thrown(() =>
      runMiddleware(['auth'], args('http://x/de/account?tab=plan'), undefined, guest),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get('location')).toBe(
      '/de/login?redirect=%2Fde%2Faccount%3Ftab%3Dplan',
    );
  });

  it('lets a signed-in visitor through an auth page and sends them home from a guest-only one', () => {
    expect(
      thrown(() => runMiddleware(['auth'], args('http://x/de/account'), undefined, member)),
    ).toBeUndefined();
    const response = thrown(() =>
      runMiddleware(['guest-only'], args('http://x/de/login'), undefined, member),
    );
    expect((response as Response).headers.get('location')).toBe('/de');
    expect(
      thrown(() => runMiddleware(['guest-only'], args('http://x/de/login'), undefined, guest)),
    ).toBeUndefined();
  });

  it('reads the visitor from the server renderer’s context, else from the browser session (a guest here)', () => {
    expect(sessionFrom({ signedIn: true })).toEqual(member);
    expect(sessionFrom({ signedIn: false })).toEqual(guest);
    expect(sessionFrom(undefined)).toEqual(guest);
    const response = thrown(() => runMiddleware(['auth'], args('http://x/de/account', { signedIn: true })));
    expect(response).toBeUndefined();
  });

  it('does not remember a target that would leave the site', () => {
    // The path of a request URL always starts with one slash; an encoded one could still point away.
    const response = thrown(() =>
      runMiddleware(['auth'], args('http://x/de/account/%2f%2fevil.example'), undefined, guest),
    );
    expect((response as Response).headers.get('location')).toBe('/de/login');
  });

  it("answers an unregistered middleware name with 500 'Unknown middleware'", async () => {
    const error = thrown(() => runMiddleware(['no-auth', 'vip-only'], args('http://x/de/faq')));
    expect(error).toBeInstanceOf(Response);
    expect(error).toMatchObject({ status: 500, statusText: 'Unknown middleware' });
    expect(await (error as Response).text()).toBe('Unknown middleware: vip-only');
  });
});
