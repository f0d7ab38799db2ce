import {
  LONG_REQUEST_TIMEOUT_MS,
  OFFLINE_REQUEST_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_MESSAGE,
} from '@pitchside/shared/auth/session-constants';
import { ERROR_CODES, PitchsideError, type ErrorBody, type ErrorCode } from '@pitchside/shared/errors';
import type { Parser } from '../envelope.ts';
import { useWindowStore } from '../../stores/window-store.ts';
import { markTokenExpired, replaceTokens, resetSession, setBusy, storedTokens } from './session-actions.ts';
import { useSessionStore } from './session-store.ts';
import { isExpired, tokensFrom, type SessionTokens } from './token-timing.ts';

/**
 * The authenticated fetch client (SPEC 4, 7 and 8): every request carries the bearer token; an expired
 * access token is refreshed first (one refresh at a time, across tabs too), both tokens expired abort the
 * request with the spec's message, a 401 for an expired token refreshes once and retries, a revoked
 * session resets. Requests time out after 30 s, 60 s for long ones, 5 s while the browser is offline,
 * with the spec's network error. Answers are the gateway's envelope: `{ data }` resolves, `{ error }`
 * rejects with a PitchsideError carrying its stable code (and field issues for a 400).
 *
 * Everything it touches comes in through `deps`, so tests drive it with a fake clock and a fake server.
 */
export interface SessionPort {
  tokens(): SessionTokens | null;
  /** What the browser's storage holds now: another tab may have refreshed while this one waited. */
  stored(): SessionTokens | null;
  replace(tokens: SessionTokens): void;
  markExpired(): void;
  reset(): void;
  setBusy(busy: boolean): void;
}

export interface AuthFetchDeps {
  /** The REST API, '/api' in the browser. */
  base: string;
  fetch: typeof fetch;
  now(): number;
  online(): boolean;
  session: SessionPort;
  /** Runs `task` holding a lock every tab of this site shares (Web Locks), or simply runs it. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AuthRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Checks the answer's `data` (a shared zod schema); without one the data is taken as it is. */
  parser?: Parser<T>;
  /** A call that may take long (deleting an account with all its data): 60 s instead of 30 s. */
  long?: boolean;
  signal?: AbortSignal;
}

export interface AuthFetch {
  request<T = void>(path: string, options?: AuthRequest<T>): Promise<T>;
  /** Trades the refresh token for a new pair, once at a time; fails with the gateway's or the network's error. */
  refresh(): Promise<void>;
  /** SPEC 4: the logout call's failure is ignored; the session is reset either way. */
  logout(): Promise<void>;
}

export const sessionExpiredError = (): PitchsideError =>
  new PitchsideError('auth:session-expired', SESSION_EXPIRED_MESSAGE);

export const networkError = (): PitchsideError => new PitchsideError('auth:network-request-failed');

/** Whether a failure says nothing about the session: the network, or the gateway being unwell. */
export const isTransientError = (error: unknown): boolean =>
  error instanceof PitchsideError &&
  (error.code === 'auth:network-request-failed' || error.code.startsWith('server:'));

const REFRESH_LOCK = 'auth.refresh';

export function createAuthFetch(deps: AuthFetchDeps): AuthFetch {
  const { session } = deps;
  let refreshing: Promise<void> | null = null;

  async function send<T>(path: string, options: AuthRequest<T>, bearer: string | null): Promise<T> {
    const controller = new AbortController();
    const outer = options.signal;
    const forward = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', forward, { once: true });
    const ms = !deps.online()
      ? OFFLINE_REQUEST_TIMEOUT_MS
      : options.long
        ? LONG_REQUEST_TIMEOUT_MS
        : REQUEST_TIMEOUT_MS;
    let timedOut = false;
    const timer = deps.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await deps.fetch(`${deps.base}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      const text = await response.text();
      return readAnswer(response.status, text, options.parser);
    } catch (error) {
      if (error instanceof PitchsideError) throw error;
      if (outer?.aborted && !timedOut) throw error;
      throw networkError();
    } finally {
      deps.clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  async function refreshNow(): Promise<void> {
    const held = session.tokens();
    if (!held) throw sessionExpiredError();
    const now = deps.now();
    // Another tab refreshed while this one waited for the lock: its pair is in storage, and ours is spent.
    const stored = session.stored();
    if (stored && stored.refreshToken !== held.refreshToken && !isExpired(stored.accessExpiresAt, now)) {
      session.replace(stored);
      return;
    }
    if (isExpired(held.refreshExpiresAt, now)) {
      session.reset();
      throw sessionExpiredError();
    }
    let answer: unknown;
    try {
      // No bearer here: the access token is expired or about to be, and the refresh token is the credential.
      answer = await send<unknown>(
        '/auth/refresh-token',
        { method: 'POST', body: { refresh_token: held.refreshToken } },
        null,
      );
    } catch (error) {
      // Offline or the gateway unwell: the session is not over, a later attempt may succeed.
      if (!isTransientError(error)) session.reset();
      throw error;
    }
    const pair = readTokenPair(answer);
    if (!pair) {
      session.reset();
      throw new PitchsideError('server:internal', 'Unexpected answer from the server.');
    }
    session.replace(tokensFrom(pair, deps.now()));
  }

  function refresh(): Promise<void> {
    refreshing ??= deps.withLock(REFRESH_LOCK, refreshNow).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T = void>(path: string, options: AuthRequest<T> = {}): Promise<T> {
    let tokens = session.tokens();
    if (tokens && isExpired(tokens.accessExpiresAt, deps.now())) {
      session.markExpired();
      if (isExpired(tokens.refreshExpiresAt, deps.now())) {
        session.reset();
        throw sessionExpiredError();
      }
      await refresh();
      tokens = session.tokens();
    }
    try {
      return await send(path, options, tokens?.accessToken ?? null);
    } catch (error) {
      // SPEC 8: auth errors other than the expired session are logged to the console (and shown by the page).
      if (error instanceof PitchsideError && error.code.startsWith('auth:'))
        console.warn(`${path}: ${error.code}`);
      if (!(error instanceof PitchsideError) || !tokens) throw error;
      // The gateway says the token is expired (clocks disagree) or unknown to it: one refresh, one retry.
      if (error.code === 'auth:token-expired' || error.code === 'auth:token-invalid') {
        await refresh();
        return send(path, options, session.tokens()?.accessToken ?? null);
      }
      // Signed out elsewhere ("sign out everywhere", a password reset, an admin): the session is over.
      if (error.code === 'auth:session-revoked') session.reset();
      throw error;
    }
  }

  async function logout(): Promise<void> {
    session.setBusy(true);
    try {
      if (session.tokens()) await request('/auth/logout', { method: 'POST' });
    } catch {
      // SPEC 4: a failing logout call is ignored.
    } finally {
      session.reset();
    }
  }

  return { request, refresh, logout };
}

/** An answer read as the envelope: data resolves, an error (or anything unexpected) rejects. */
function readAnswer<T>(status: number, text: string, parser: Parser<T> | undefined): T {
  if (status === 204 || text === '') {
    if (status >= 200 && status < 300) return undefined as T;
    throw statusError(status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw statusError(status);
  }
  if (isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string') {
    const error = body.error as unknown as ErrorBody;
    const code = (error.code in ERROR_CODES ? error.code : 'server:internal') as ErrorCode;
    throw new PitchsideError(code, error.message ?? ERROR_CODES[code], error.issues);
  }
  if (status >= 200 && status < 300 && isRecord(body) && 'data' in body) {
    if (!parser) return body.data as T;
    const parsed = parser.safeParse(body.data);
    if (parsed.success) return parsed.data;
    console.warn('Unexpected payload from the server', parsed.error.issues);
  }
  throw statusError(status);
}

function statusError(status: number): PitchsideError {
  if (status === 401) return new PitchsideError('auth:unauthenticated');
  if (status === 429) return new PitchsideError('auth:too-many-requests');
  if (status >= 500) return new PitchsideError('server:unavailable');
  return new PitchsideError('server:internal', 'Unexpected answer from the server.');
}

/**
 * The new pair in a refresh answer (LoginData: the user with `token`). Checked by hand rather than with
 * the shared zod schema: this runs on every page of a signed-in visitor, and zod stays out of that path.
 */
function readTokenPair(
  data: unknown,
): { access_token: string; refresh_token: string; expires_in: number; refresh_expires_in: number } | null {
  const token = isRecord(data) && isRecord(data.token) ? data.token : isRecord(data) ? data : null;
  if (!token) return null;
  const { access_token, refresh_token, expires_in, refresh_expires_in } = token;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') return null;
  if (typeof expires_in !== 'number' || !(expires_in > 0)) return null;
  if (typeof refresh_expires_in !== 'number' || !(refresh_expires_in > 0)) return null;
  return { access_token, refresh_token, expires_in, refresh_expires_in };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The browser's client, over the session store. */
export const authFetch: AuthFetch = createAuthFetch({
  base: '/api',
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
  online: () =>
    useWindowStore.getState().online && (typeof navigator === 'undefined' || navigator.onLine !== false),
  session: {
    tokens: () => useSessionStore.getState().tokens,
    stored: storedTokens,
    replace: replaceTokens,
    markExpired: markTokenExpired,
    reset: resetSession,
    setBusy,
  },
  withLock: (name, task) =>
    typeof navigator !== 'undefined' && navigator.locks
      ? // The lock is held until the task settles; request() answers the task's own promise.
        (navigator.locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>)
      : task(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});
