import type { Queryable } from '../../../db/db.ts';
import type { OrderState } from '../../order-state.ts';
import type { SandboxCheckout, SandboxLedger } from './sandbox-ledger.ts';

interface Row {
  id: string;
  our_order_id: string;
  amount: number;
  currency: string;
  description: string;
  return_url: string;
  cancel_url: string;
  state: OrderState;
  created_at: Date;
}

const toCheckout = (row: Row): SandboxCheckout => ({
  id: row.id,
  ourOrderId: row.our_order_id,
  amount: row.amount,
  currency: row.currency,
  description: row.description,
  returnUrl: row.return_url,
  cancelUrl: row.cancel_url,
  state: row.state,
  createdAt: row.created_at.getTime(),
});

/**
 * The sandbox provider's books in the gateway's database (table sandbox_checkouts), so a checkout created on
 * one gateway can be approved on another (npm run start:cluster) and outlives a restart. `move` is one
 * conditional UPDATE: of two concurrent captures exactly one sees its row change.
 */
export function createDbSandboxLedger(db: Queryable): SandboxLedger {
  return {
    async insertOnce(checkout) {
      await db.query(
        `INSERT INTO sandbox_checkouts (id, our_order_id, amount, currency, description, return_url, cancel_url, state, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (our_order_id) DO NOTHING`,
        [
          checkout.id,
          checkout.ourOrderId,
          checkout.amount,
          checkout.currency,
          checkout.description,
          checkout.returnUrl,
          checkout.cancelUrl,
          checkout.state,
          new Date(checkout.createdAt),
        ],
      );
      const [row] = await db.query<Row>('SELECT * FROM sandbox_checkouts WHERE our_order_id = $1', [
        checkout.ourOrderId,
      ]);
      return toCheckout(row!);
    },
    async get(id) {
      const [row] = await db.query<Row>('SELECT * FROM sandbox_checkouts WHERE id = $1', [id]);
      return row && toCheckout(row);
    },
    async move(id, from, to) {
      const rows = await db.query(
        'UPDATE sandbox_checkouts SET state = $3 WHERE id = $1 AND state = ANY($2::text[]) RETURNING id',
        [id, from, to],
      );
      return rows.length > 0;
    },
  };
}
