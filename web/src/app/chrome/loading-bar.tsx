import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { LOADING_BAR } from '@pitchside/shared/constants';
import { useWindowStore } from '../../stores/window-store.ts';

type Phase = 'hidden' | 'running' | 'done' | 'failed';

/**
 * The thin loading bar of SPEC 4: it appears only if a navigation takes longer than 200 ms, runs from 0 to
 * 100 % over 5000 ms (a CSS transition), jumps to 100 % when the page is ready and hides 500 ms later.
 * A navigation that ends on the error page turns it to its failed state, which stays until the next one.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const pageFailed = useWindowStore((s) => s.pageFailed);
  const [phase, setPhase] = useState<Phase>('hidden');
  const navigated = useRef(false);

  useEffect(() => {
    if (!busy) return undefined;
    navigated.current = true;
    useWindowStore.getState().setPageFailed(false);
    setPhase((current) => (current === 'failed' ? 'hidden' : current));
    const timer = setTimeout(() => setPhase('running'), LOADING_BAR.throttleMs);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (busy || !navigated.current) return;
    if (pageFailed) setPhase('failed');
    else setPhase((current) => (current === 'running' ? 'done' : current));
  }, [busy, pageFailed]);

  useEffect(() => {
    if (phase !== 'done') return undefined;
    const timer = setTimeout(() => setPhase('hidden'), LOADING_BAR.hideDelayMs);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <div
      className={`loading-bar loading-bar--${phase}`}
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={phase === 'running' ? undefined : 100}
      data-testid="loading-bar"
      data-state={phase}
      style={{ ['--loading-duration' as string]: `${LOADING_BAR.durationMs}ms` }}
    />
  );
}
