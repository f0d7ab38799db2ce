import type { OrderState } from '../../order-state.ts';

/** A payment at the sandbox provider: what a real provider would keep on its side. */
export interface SandboxCheckout {
  id: string;
  ourOrderId: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  state: OrderState;
  createdAt: number;
}

/**
 * The sandbox provider's own books. `move` is a compare-and-set, so of two concurrent captures (or a
 * double-clicked approve) exactly one moves the checkout and sends its webhook. The in-memory ledger is
 * enough for one gateway process; several gateways sharing one sandbox would need this on PostgreSQL.
 */
export interface SandboxLedger {
  /** Stores the checkout, or returns the one already stored for the same order (an idempotent create). */
  insertOnce(checkout: SandboxCheckout): Promise<SandboxCheckout>;
  get(id: string): Promise<SandboxCheckout | undefined>;
  /** Moves the checkout to `to` if it is in one of `from`; false when it is not (someone else moved it). */
  move(id: string, from: readonly OrderState[], to: OrderState): Promise<boolean>;
}

export function createMemorySandboxLedger(): SandboxLedger {
  const byId = new Map<string, SandboxCheckout>();
  const byOrder = new Map<string, string>();
  return {
    async insertOnce(checkout) {
      const existing = byOrder.get(checkout.ourOrderId);
      if (existing) return { ...(byId.get(existing) as SandboxCheckout) };
      byId.set(checkout.id, { ...checkout });
      byOrder.set(checkout.ourOrderId, checkout.id);
      return { ...checkout };
    },
    async get(id) {
      const checkout = byId.get(id);
      return checkout && { ...checkout };
    },
    async move(id, from, to) {
      const checkout = byId.get(id);
      if (!checkout || !from.includes(checkout.state)) return false;
      checkout.state = to;
      return true;
    },
  };
}
