import {
  earlyRefreshDelay,
  refreshRetryDelay,
  type SessionTokens,
} from '../../../lib/session/token-timing.ts';

/**
 * The early refresh (SPEC 4): EARLY_REFRESH_MS before the access token expires, refresh; after a network
 * error try again from 30 s, doubling up to 960 s. Timers come in through `deps` so tests use fake ones.
 * `plan` is called with the session's tokens whenever they change (sign-in, a refresh here or in another
 * tab, sign-out), which also ends a back-off: a fresh pair needs no retry.
 */
export interface RefreshSchedulerDeps {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  refresh(): Promise<void>;
  /** Whether a failed refresh is worth retrying (the network), rather than the end of the session. */
  isRetryable(error: unknown): boolean;
}

export interface RefreshScheduler {
  plan(tokens: SessionTokens | null): void;
  stop(): void;
}

export function createRefreshScheduler(deps: RefreshSchedulerDeps): RefreshScheduler {
  let timer: unknown = null;
  let planned: SessionTokens | null = null;
  let attempt = 0;

  const clear = () => {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
  };

  async function run(tokens: SessionTokens): Promise<void> {
    timer = null;
    try {
      await deps.refresh();
    } catch (error) {
      // A new pair arrived meanwhile (another tab) or the session ended: that plan replaced this one.
      if (planned !== tokens || !deps.isRetryable(error)) return;
      const delay = refreshRetryDelay(attempt);
      attempt += 1;
      timer = deps.setTimeout(() => void run(tokens), delay);
    }
  }

  return {
    plan(tokens) {
      if (tokens === planned) return;
      clear();
      planned = tokens;
      attempt = 0;
      if (!tokens) return;
      timer = deps.setTimeout(() => void run(tokens), earlyRefreshDelay(tokens, deps.now()));
    },
    stop() {
      clear();
      planned = null;
    },
  };
}
