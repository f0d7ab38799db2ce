import { useEffect, useState } from 'react';
import type { Order } from '@pitchside/shared/payments';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import {
  isOrderId,
  outcomeOf,
  pollDelayMs,
  POLL_GIVE_UP_MS,
  type OrderOutcome,
} from '../utils/order-outcome.ts';

export type VerifiedOrder =
  /** No order in the address: nothing to verify. */
  | { phase: 'none' }
  /** On the server, before the session is read, or before the first answer. */
  | { phase: 'checking' }
  | { phase: 'signed-out' }
  | { phase: 'order'; order: Order; outcome: OrderOutcome; late: boolean }
  | { phase: 'error'; code: string };

const TRANSIENT = /^(server:|auth:network-request-failed$|request:rate-limited$)/;

/**
 * The order of the address's `?order=` as the gateway verified it (GET /api/orders/:id, the buyer's own
 * only), read again while the provider has not settled it: created or approved. It stops asking after
 * POLL_GIVE_UP_MS and says so (`late`); a network failure is retried like an unsettled order.
 */
export function useVerifiedOrder(orderId: string | null): VerifiedOrder {
  const restored = useSessionStore((s) => s.restored);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const [state, setState] = useState<VerifiedOrder>({ phase: 'checking' });
  const valid = isOrderId(orderId);

  useEffect(() => {
    if (!valid || !restored || !loggedIn) return undefined;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const again = (run: () => void) => {
      const late = Date.now() - started >= POLL_GIVE_UP_MS;
      if (!late) timer = setTimeout(run, pollDelayMs(attempt++));
      return late;
    };

    const read = async () => {
      try {
        const { getOrder } = await import('../api/payments-api.ts');
        const order = await getOrder(orderId, controller.signal);
        if (controller.signal.aborted) return;
        const outcome = outcomeOf(order.state);
        const late = outcome.poll ? again(() => void read()) : false;
        setState({ phase: 'order', order, outcome, late });
      } catch (error) {
        if (controller.signal.aborted) return;
        const code = String((error as { code?: unknown })?.code ?? 'server:internal');
        // The network or the gateway is unwell: the order is still somewhere, ask again.
        if (TRANSIENT.test(code) && !again(() => void read())) return;
        setState({ phase: 'error', code });
      }
    };
    setState({ phase: 'checking' });
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, valid, restored, loggedIn]);

  if (!valid) return { phase: 'none' };
  if (!restored) return { phase: 'checking' };
  if (!loggedIn) return { phase: 'signed-out' };
  return state;
}
