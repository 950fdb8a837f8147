-- Orders: one row per visitor cart sent to the service. The bearer token is stored only as a
-- SHA-256 hash, so a database dump does not let anyone act on a visitor's order.
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  session_token_hash text NOT NULL,
  business_id text NOT NULL,
  location_id text NOT NULL,
  merchant_product text NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'checkout', 'placed')),
  fulfillment_method text CHECK (fulfillment_method IN ('pickup', 'delivery')),
  attributes jsonb,
  payment_token text,
  payment_provider text,
  payment_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  placed_at timestamptz,
  CHECK ((status = 'placed') = (placed_at IS NOT NULL))
);
CREATE INDEX orders_business_created ON orders (business_id, created_at);

CREATE TABLE customers (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recipients (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  street_address text NOT NULL,
  extended_address text NOT NULL DEFAULT '',
  locality text NOT NULL,
  administrative_area_level_1 text NOT NULL,
  postal_code text NOT NULL,
  country text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A line keeps the catalog prices the visitor saw when adding it; the service compares them with the
-- live catalog to propose adjustments.
CREATE TABLE line_items (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  menu_item_id text NOT NULL,
  variation_id text NOT NULL,
  modifiers jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  special_instructions text NOT NULL DEFAULT '',
  item_name text NOT NULL,
  variation_name text NOT NULL,
  variation_price_cents integer NOT NULL CHECK (variation_price_cents >= 0),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX line_items_order ON line_items (order_id, position);

CREATE TABLE adjustments (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_item_id uuid REFERENCES line_items (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('price_changed', 'unavailable')),
  reason text NOT NULL,
  previous_unit_price_cents integer NOT NULL,
  unit_price_cents integer,
  proposal jsonb NOT NULL,
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
-- At most one open proposal per line: a second catalog change replaces the first proposal.
CREATE UNIQUE INDEX adjustments_one_open_per_line ON adjustments (line_item_id) WHERE status = 'proposed';
CREATE INDEX adjustments_order ON adjustments (order_id);

-- One checkout per order (UNIQUE order_id): retries find the same row instead of creating another.
CREATE TABLE checkouts (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('authorized', 'payment_failed', 'closed')),
  currency text NOT NULL,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  tax_cents integer NOT NULL CHECK (tax_cents >= 0),
  tip_cents integer NOT NULL CHECK (tip_cents >= 0),
  delivery_fee_cents integer NOT NULL CHECK (delivery_fee_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  attempt integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);

-- The idempotency key is what the processor deduplicates on; the partial unique index is the
-- database's own guarantee that an order never holds two live payments.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  checkout_id uuid NOT NULL REFERENCES checkouts (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  provider text NOT NULL,
  -- SHA-256 of the payment token, to tell a retry of the same attempt from a new card.
  source_fingerprint text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('authorized', 'captured', 'declined', 'failed')),
  provider_reference text,
  failure_code text,
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (checkout_id, attempt)
);
CREATE UNIQUE INDEX payments_one_live_per_order ON payments (order_id) WHERE status IN ('authorized', 'captured');

-- Every visitor form (contact, review, reservation, subscribe, application, like) lands here first.
CREATE TABLE form_submissions (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('contact', 'review', 'reservation', 'subscribe', 'application', 'like')),
  business_id text NOT NULL,
  location_id text,
  status text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_submissions_business_kind ON form_submissions (business_id, kind, created_at);

-- Transactional outbox: mail is recorded in the same transaction as the submission that caused it,
-- then sent; without SMTP it stays queued for an operator to read or relay.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  submission_id uuid REFERENCES form_submissions (id) ON DELETE SET NULL,
  mail_from text NOT NULL,
  mail_to jsonb NOT NULL,
  reply_to text,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  message_id text,
  -- A sender claims a row for a while before talking to SMTP, so two replicas never send it twice
  -- at the same time and a crashed sender's claim simply expires.
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_status ON outbox (status, created_at);

CREATE TABLE subscribers (
  business_id text NOT NULL,
  email text NOT NULL,
  opt_in boolean NOT NULL,
  submission_id uuid REFERENCES form_submissions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, email)
);

CREATE TABLE menu_item_likes (
  business_id text NOT NULL,
  menu_item_id text NOT NULL,
  visitor_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, menu_item_id, visitor_id)
);

-- One row per bookable slot, locked FOR UPDATE while a reservation is counted against capacity,
-- so concurrent requests for the last seat serialise on it.
CREATE TABLE reservation_slots (
  business_id text NOT NULL,
  location_id text NOT NULL,
  starts_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, location_id, starts_at)
);

CREATE TABLE reservations (
  id uuid PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  cancel_token_hash text NOT NULL,
  business_id text NOT NULL,
  location_id text NOT NULL,
  starts_at timestamptz NOT NULL,
  party_size integer NOT NULL CHECK (party_size BETWEEN 1 AND 50),
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  notes text NOT NULL DEFAULT '',
  service_id text,
  team_member_id text,
  status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  submission_id uuid REFERENCES form_submissions (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  FOREIGN KEY (business_id, location_id, starts_at) REFERENCES reservation_slots (business_id, location_id, starts_at)
);
CREATE INDEX reservations_slot ON reservations (business_id, location_id, starts_at) WHERE status = 'confirmed';
