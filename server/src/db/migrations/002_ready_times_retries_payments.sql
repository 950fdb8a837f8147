-- Issue 15: ready times and kitchen capacity, safe retries (Idempotency-Key), payments that survive a
-- restart (the test processor's books, voids and refunds).

-- The time an order is promised for: scheduled_for is what the visitor chose (null: as soon as
-- possible); promised_at when it is ready (a delivery leaves then); promised_slot the 15-minute kitchen
-- slot it counts against while it is in checkout or placed.
ALTER TABLE orders ADD COLUMN scheduled_for timestamptz;
ALTER TABLE orders ADD COLUMN promised_at timestamptz;
ALTER TABLE orders ADD COLUMN promised_slot timestamptz;
CREATE INDEX orders_promised_slot ON orders (business_id, location_id, promised_slot) WHERE status IN ('checkout', 'placed');

-- One row per kitchen slot, locked FOR UPDATE while an order is counted against the location's capacity,
-- so concurrent checkouts for the last place in a slot serialise on it and exactly one gets it.
CREATE TABLE order_slots (
  business_id text NOT NULL,
  location_id text NOT NULL,
  starts_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, location_id, starts_at)
);

-- A payment whose authorisation was released (the checkout could not be completed) is `voided`; one paid
-- back is `refunded`.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('authorized', 'captured', 'declined', 'failed', 'voided', 'refunded'));
-- The sweeper looks for checkouts left authorised.
CREATE INDEX checkouts_authorized ON checkouts (updated_at) WHERE status = 'authorized';

-- Safe retries: the first answer to a request sent with an Idempotency-Key, kept 24 hours. `scope` is the
-- SHA-256 of the order session (the bearer token's hash) or, for `POST orders/`, of the client address;
-- `key_hash` the SHA-256 of the key. Neither the key nor a token is stored: the answer (which may hold the
-- new order's session token) is encrypted with a key derived from the Idempotency-Key itself.
-- `running` rows belong to the request holding `owner` until `lease_until`; a request that died holding
-- one (its work rolled back with it) leaves it to be taken over once the lease ends.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key_hash text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  owner text,
  lease_until timestamptz,
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key_hash),
  CHECK ((state = 'done') = (response_status IS NOT NULL)),
  CHECK ((state = 'running') = (owner IS NOT NULL))
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The `test` card processor's own books (PAYMENT_PROVIDER=test). A real processor keeps these on its
-- side; kept here, an authorisation survives a restart of the service just as it would there.
CREATE TABLE test_processor_payments (
  reference text PRIMARY KEY,
  order_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('authorized', 'captured', 'voided')),
  captured_cents integer NOT NULL DEFAULT 0 CHECK (captured_cents >= 0),
  refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= captured_cents),
  -- tok_test_capture_declined: the capture of this authorisation will be declined.
  declines_capture boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every answered processor request by its idempotency key: a repeat gets the first answer.
CREATE TABLE test_processor_requests (
  idempotency_key text PRIMARY KEY,
  fingerprint text NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Money movements in order: what was authorised, captured, released and refunded.
CREATE TABLE test_processor_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL REFERENCES test_processor_payments (reference),
  kind text NOT NULL CHECK (kind IN ('authorization', 'capture', 'void', 'refund')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
