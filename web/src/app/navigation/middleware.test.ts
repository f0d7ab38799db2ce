import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { isSafeRedirectTarget, runMiddleware } from './middleware.ts';

const args = (url: string): LoaderFunctionArgs =>
  ({
    request: new Request(url),
    params: { lang: 'de' },
    context: undefined,
  }) as unknown as LoaderFunctionArgs;

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('route middleware', () => {
  it('lets anyone through a no-auth page', () => {
    expect(thrown(() => runMiddleware(['no-auth'], args('http://x/de/faq')))).toBeUndefined();
  });

  it('sends an anonymous visitor of an auth page to login, remembering the target', () => {
    const response = thrown(() => runMiddleware(['auth'], args('http://x/de/account?tab=plan')));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get('location')).toBe(
      '/de/login?redirect=%2Fde%2Faccount%3Ftab%3Dplan',
    );
  });

  it("answers an unregistered middleware name with 500 'Unknown middleware'", async () => {
    const error = thrown(() => runMiddleware(['no-auth', 'vip-only'], args('http://x/de/faq')));
    expect(error).toBeInstanceOf(Response);
    expect(error).toMatchObject({ status: 500, statusText: 'Unknown middleware' });
    expect(await (error as Response).text()).toBe('Unknown middleware: vip-only');
  });

  it('keeps only relative redirect targets', () => {
    expect(isSafeRedirectTarget('/de/account')).toBe(true);
    expect(isSafeRedirectTarget('https://evil.example/')).toBe(false);
    expect(isSafeRedirectTarget('//evil.example/')).toBe(false);
    expect(isSafeRedirectTarget('account')).toBe(false);
  });
});
