import { useCallback, useEffect, useRef } from 'react';

/**
 * `fn`, called `ms` after the last of a burst of calls (SPEC 9: remote search waits 300 ms), with the
 * arguments of that last call. `flush` runs a pending call now; `cancel` drops it. Unmounting cancels.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): { call: (...args: A) => void; flush: () => void; cancel: () => void } {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);
  const flush = useCallback(() => {
    const args = pending.current;
    cancel();
    if (args) latest.current(...args);
  }, [cancel]);
  const call = useCallback(
    (...args: A) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = args;
      timer.current = setTimeout(flush, ms);
    },
    [flush, ms],
  );
  useEffect(() => cancel, [cancel]);
  return { call, flush, cancel };
}
