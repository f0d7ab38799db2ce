import { useEffect } from 'react';
import { useWindowStore } from '../../stores/window-store.ts';

/** Tracks online/offline from the browser's events (SPEC 4). */
export function useConnectivity(): void {
  useEffect(() => {
    const { setOnline } = useWindowStore.getState();
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
}
