-- Payments (issue 5): the plan catalogue and hidden deals, orders and the provider events applied to them,
-- the entitlements paid orders grant, and the sandbox provider's own books. Money is an integer count of
-- the currency's minor unit; states only move forward (gateway/src/payments/order-state.ts).

CREATE TABLE plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  -- 'site': every sport (the pricing page); 'sport': one sport's pass (pricing-sport).
  kind text NOT NULL CHECK (kind IN ('site', 'sport')),
  sport text,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  period_unit text NOT NULL CHECK (period_unit IN ('day', 'month', 'year')),
  period_count int NOT NULL CHECK (period_count BETWEEN 1 AND 366),
  -- Reachable only through a deal that names it.
  hidden boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Retired plans are no longer sold; orders and entitlements made with them keep pointing here.
  retired_at timestamptz,
  CHECK ((kind = 'sport') = (sport IS NOT NULL))
);

CREATE TABLE plan_prices (
  plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount int NOT NULL CHECK (amount > 0),
  PRIMARY KEY (plan_id, currency)
);

-- A hidden deal: a code (typed, or carried by a link ?deal=CODE) that reveals the hidden plans it names and
-- takes percent_off off the plans it names.
CREATE TABLE deals (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9-]{3,32}$'),
  name text NOT NULL,
  plan_ids text[] NOT NULL CHECK (cardinality(plan_ids) > 0),
  percent_off int NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 90),
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- An order is a financial record: it outlives the account that made it (SET NULL, not CASCADE).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  plan_id text NOT NULL REFERENCES plans (id),
  -- What was bought, as it was at the time: the catalogue may change afterwards.
  plan_name text NOT NULL,
  sport text,
  period_unit text NOT NULL,
  period_count int NOT NULL,
  deal_code text REFERENCES deals (code),
  amount int NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  provider text NOT NULL,
  -- The provider's id for the payment (PayPal order, Stripe Checkout Session, sandbox checkout); null until
  -- the checkout exists.
  provider_reference text,
  state text NOT NULL DEFAULT 'created'
    CHECK (state IN ('created', 'approved', 'captured', 'failed', 'cancelled', 'refunded')),
  -- The language of the result page the buyer returns to.
  lang text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  captured_at timestamptz,
  -- When the reconciliation job last asked the provider about it.
  reconciled_at timestamptz,
  UNIQUE (provider, provider_reference)
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
-- What the reconciliation job looks at: orders waiting for the provider.
CREATE INDEX orders_waiting ON orders (updated_at) WHERE state IN ('created', 'approved');

-- Every word that moved (or tried to move) an order: a provider's webhook under its own event id, or our own
-- capture, return and reconciliation under a key derived from the order and the state (`capture:<id>:captured`).
-- The primary key is what makes each apply exactly once: it is inserted in the transaction that moves the order.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id uuid REFERENCES orders (id),
  kind text NOT NULL,
  source text NOT NULL CHECK (source IN ('webhook', 'capture', 'return', 'reconcile')),
  -- moved, already-in-state, stale, already-ended, unknown-order, mismatch
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX payment_events_order ON payment_events (order_id);

-- What a paid order grants: a period of every sport (sport null) or of one sport. One per order (UNIQUE), so
-- a payment is never granted twice; a renewal is another order whose period starts where the last one ends.
CREATE TABLE entitlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id),
  plan_id text NOT NULL REFERENCES plans (id),
  sport text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entitlements_user ON entitlements (user_id, ends_at);

-- The sandbox provider's own books (what PayPal or Stripe keep on their side), here so that a checkout made
-- on one gateway can be approved on another and survives a restart.
CREATE TABLE sandbox_checkouts (
  id text PRIMARY KEY,
  our_order_id text NOT NULL UNIQUE,
  amount int NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The catalogue a fresh install sells; operators change it through /api/admin.
INSERT INTO plans (id, kind, sport, name, description, period_unit, period_count, hidden, position) VALUES
  ('monthly', 'site', NULL, 'Premium monthly', 'Every premium live stream of every sport, renewed by hand each month.', 'month', 1, false, 10),
  ('yearly', 'site', NULL, 'Premium yearly', 'Every premium live stream of every sport for a year: two months free.', 'year', 1, false, 20),
  ('football-pass', 'sport', 'football', 'Football pass', 'Every premium football stream for a month.', 'month', 1, false, 10),
  ('basketball-pass', 'sport', 'basketball', 'Basketball pass', 'Every premium basketball stream for a month.', 'month', 1, false, 20),
  ('season-ticket', 'site', NULL, 'Season ticket', 'Six months of every premium stream, for holders of the season deal.', 'month', 6, true, 30);

INSERT INTO plan_prices (plan_id, currency, amount) VALUES
  ('monthly', 'EUR', 999), ('monthly', 'USD', 1099), ('monthly', 'GBP', 899),
  ('yearly', 'EUR', 9999), ('yearly', 'USD', 10999), ('yearly', 'GBP', 8999),
  ('football-pass', 'EUR', 599), ('football-pass', 'USD', 649), ('football-pass', 'GBP', 549),
  ('basketball-pass', 'EUR', 499), ('basketball-pass', 'USD', 549), ('basketball-pass', 'GBP', 449),
  ('season-ticket', 'EUR', 3999), ('season-ticket', 'USD', 4399), ('season-ticket', 'GBP', 3599);

INSERT INTO deals (code, name, plan_ids, percent_off) VALUES
  ('KICKOFF', 'Kick-off offer: 20% off the yearly plan', '{yearly}', 20),
  ('SEASON', 'The season ticket', '{season-ticket}', 0);
