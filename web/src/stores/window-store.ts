import { create } from 'zustand';

/**
 * The "window" part of the application state (SPEC 3): what the browser tells us about the visitor's
 * surroundings, and whether the page now showing is the error page. Written only by the chrome's hooks
 * and the error page; components read it.
 */
export interface WindowState {
  /** From navigator.onLine and the online/offline events; true on the server. */
  online: boolean;
  /** The error page is showing: the loading bar turns to its failed state. */
  pageFailed: boolean;
  setOnline(online: boolean): void;
  setPageFailed(failed: boolean): void;
}

export const useWindowStore = create<WindowState>()((set) => ({
  online: true,
  pageFailed: false,
  setOnline: (online) => set({ online }),
  setPageFailed: (pageFailed) => set({ pageFailed }),
}));
