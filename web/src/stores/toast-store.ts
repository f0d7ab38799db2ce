import { create } from 'zustand';
import { TOAST_MS } from '@pitchside/shared/constants';

/**
 * Short messages that confirm or report what the visitor just did ("Signed in", "Could not save"), shown
 * for TOAST_MS (SPEC 9) in one live region the root keeps mounted, so a toast survives the navigation an
 * action causes (signing in moves to another page). Written through `showToast`; read by ToastRegion.
 */
export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  text: string;
}

export interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

let nextId = 1;

export function showToast(tone: Toast['tone'], text: string, ms: number = TOAST_MS): number {
  const id = nextId++;
  // At most three at a time: a burst of failures should not cover the page.
  useToastStore.setState(({ toasts }) => ({ toasts: [...toasts.slice(-2), { id, tone, text }] }));
  setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number): void {
  useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((t) => t.id !== id) }));
}
