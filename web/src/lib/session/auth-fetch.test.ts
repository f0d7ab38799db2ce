import { describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '@pitchside/shared/auth/session-constants';
import { PitchsideError } from '@pitchside/shared/errors';
import { createAuthFetch, type AuthFetchDeps } from './auth-fetch.ts';
import { tokensFrom, type SessionTokens } from './token-timing.ts';

/** A gateway in a function: answers by path, records what it was sent. */
type Handler = (call: { path: string; method: string; bearer: string | null; body: unknown }) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const errorAnswer = (status: number, code: string, issues?: unknown[]) =>
  json(status, { error: { code, message: code, ...(issues ? { issues } : {}) } });

function world(handler: Handler, start: SessionTokens | null, options: { online?: boolean } = {}) {
  let now = 1_000_000;
  let tokens = start;
  let stored: SessionTokens | null = start;
  const calls: { path: string; method: string; bearer: string | null; body: unknown }[] = [];
  const timers = new Set<() => void>();
  const events: string[] = [];
  const deps: AuthFetchDeps = {
    base: '/api',
    now: () => now,
    online: () => options.online ?? true,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      const call = {
        path: String(input).replace('/api', ''),
        method: init?.method ?? 'GET',
        bearer: headers.get('authorization'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return handler(call);
    },
    session: {
      tokens: () => tokens,
      stored: () => stored,
      replace: (next) => {
        tokens = next;
        stored = next;
        events.push('replace');
      },
      markExpired: () => events.push('expired'),
      reset: () => {
        tokens = null;
        stored = null;
        events.push('reset');
      },
      setBusy: () => {},
    },
    withLock: (_name, task) => task(),
    setTimeout: (callback) => {
      timers.add(callback);
      return callback;
    },
    clearTimeout: (handle) => timers.delete(handle as () => void),
  };
  return {
    client: createAuthFetch(deps),
    calls,
    events,
    tokens: () => tokens,
    setStored: (next: SessionTokens) => (stored = next),
    advance: (ms: number) => (now += ms),
    fireTimers: () => [...timers].forEach((t) => t()),
    deps,
  };
}

const pair = (n: number, expires_in = 60, refresh_expires_in = 3600) => ({
  token_type: 'Bearer',
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in,
  refresh_expires_in,
});
const session = (n: number, at = 1_000_000) => tokensFrom(pair(n), at);

describe('the authenticated fetch client', () => {
  it('sends the bearer token and reads the envelope', async () => {
    const w = world(() => json(200, { data: { ok: true } }), session(1));
    await expect(w.client.request('/account')).resolves.toEqual({ ok: true });
    expect(w.calls[0]).toMatchObject({ path: '/account', method: 'GET', bearer: 'Bearer access-1' });
  });

  it('refreshes an expired access token first, then sends the request with the new one', async () => {
    const w = world(
      ({ path }) =>
        path === '/auth/refresh-token' ? json(200, { data: { token: pair(2) } }) : json(200, { data: 1 }),
      session(1),
    );
    // 60 s access token: expired 500 ms early.
    w.advance(59_500);
    await w.client.request('/account');
    expect(w.calls.map((c) => c.path)).toEqual(['/auth/refresh-token', '/account']);
    expect(w.calls[0]!.body).toEqual({ refresh_token: 'refresh-1' });
    expect(w.calls[1]!.bearer).toBe('Bearer access-2');
    expect(w.events).toEqual(['expired', 'replace']);
  });

  it('refreshes once for many concurrent requests', async () => {
    const w = world(
      ({ path }) =>
        path === '/auth/refresh-token' ? json(200, { data: { token: pair(2) } }) : json(200, { data: 1 }),
      session(1),
    );
    w.advance(60_000);
    await Promise.all([w.client.request('/a'), w.client.request('/b'), w.client.request('/c')]);
    expect(w.calls.filter((c) => c.path === '/auth/refresh-token')).toHaveLength(1);
    expect(
      w.calls.filter((c) => c.path !== '/auth/refresh-token').every((c) => c.bearer === 'Bearer access-2'),
    ).toBe(true);
  });

  it('takes the pair another tab stored instead of spending the refresh token again', async () => {
    const w = world(() => json(200, { data: 1 }), session(1));
    w.advance(60_000);
    w.setStored(tokensFrom(pair(7), 1_060_000));
    await w.client.request('/account');
    expect(w.calls.map((c) => c.path)).toEqual(['/account']);
    expect(w.calls[0]!.bearer).toBe('Bearer access-7');
  });

  it('resets the session when the refresh is refused', async () => {
    const w = world(
      ({ path }) =>
        path === '/auth/refresh-token' ? errorAnswer(401, 'auth:refresh-invalid') : json(200, { data: 1 }),
      session(1),
    );
    w.advance(60_000);
    await expect(w.client.request('/account')).rejects.toMatchObject({ code: 'auth:refresh-invalid' });
    expect(w.tokens()).toBeNull();
    expect(w.events).toContain('reset');
  });

  it('keeps the session when the refresh fails on the network', async () => {
    const w = world(({ path }) => {
      if (path === '/auth/refresh-token') throw new TypeError('Failed to fetch');
      return json(200, { data: 1 });
    }, session(1));
    w.advance(60_000);
    await expect(w.client.request('/account')).rejects.toMatchObject({ code: 'auth:network-request-failed' });
    expect(w.tokens()).not.toBeNull();
  });

  it('aborts with the spec’s message when both tokens have expired, and resets', async () => {
    const w = world(() => json(200, { data: 1 }), session(1));
    w.advance(3_600_000);
    const error = await w.client.request('/account').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PitchsideError);
    expect(error).toMatchObject({ code: 'auth:session-expired', message: SESSION_EXPIRED_MESSAGE });
    expect(w.calls).toEqual([]);
    expect(w.tokens()).toBeNull();
  });

  it('refreshes once and retries after a 401 auth:token-expired', async () => {
    let first = true;
    const w = world(({ path }) => {
      if (path === '/auth/refresh-token') return json(200, { data: { token: pair(2) } });
      if (first) {
        first = false;
        return errorAnswer(401, 'auth:token-expired');
      }
      return json(200, { data: 'fine' });
    }, session(1));
    await expect(w.client.request('/account')).resolves.toBe('fine');
    expect(w.calls.map((c) => c.path)).toEqual(['/account', '/auth/refresh-token', '/account']);
  });

  it('resets after a 401 auth:session-revoked (signed out everywhere)', async () => {
    const w = world(() => errorAnswer(401, 'auth:session-revoked'), session(1));
    await expect(w.client.request('/account')).rejects.toMatchObject({ code: 'auth:session-revoked' });
    expect(w.tokens()).toBeNull();
    expect(w.calls).toHaveLength(1);
  });

  it('passes field issues of a 400 on', async () => {
    const issues = [{ path: 'password', message: 'short', code: 'password:too-short' }];
    const w = world(() => errorAnswer(400, 'request:invalid', issues), null);
    await expect(w.client.request('/auth/register', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'request:invalid',
      issues,
    });
    expect(w.calls[0]!.bearer).toBeNull();
  });

  it('times out with the network error after 30 s, 60 s for long calls, 5 s offline', async () => {
    for (const [options, online, expected] of [
      [{}, true, 30_000],
      [{ long: true }, true, 60_000],
      [{ long: true }, false, 5_000],
    ] as const) {
      const setTimer = vi.fn();
      let release: () => void = () => {};
      const w = world(() => json(200, { data: 1 }), null, { online });
      w.deps.setTimeout = (callback, ms) => {
        setTimer(ms);
        release = callback;
        return 1;
      };
      w.deps.fetch = (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      const client = createAuthFetch(w.deps);
      const pending = client.request('/account', options);
      release();
      await expect(pending).rejects.toMatchObject({ code: 'auth:network-request-failed' });
      expect(setTimer).toHaveBeenCalledWith(expected);
    }
  });

  it('signs out even when the logout call fails', async () => {
    const w = world(() => errorAnswer(500, 'server:internal'), session(1));
    await w.client.logout();
    expect(w.calls.map((c) => c.path)).toEqual(['/auth/logout']);
    expect(w.tokens()).toBeNull();
  });
});
