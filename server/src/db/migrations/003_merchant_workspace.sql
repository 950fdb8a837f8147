-- Issue 17: the merchant workspace. Merchant accounts and their sessions, invitations, the kitchen's
-- controls, sold-out overrides, what happens to an order after it is placed, and the event log the live
-- order stream is fed from.

-- One account per business and address (an address may have accounts at several businesses). Passwords are
-- Argon2id PHC strings (@node-rs/argon2), never the password.
CREATE TABLE merchant_users (
  id uuid PRIMARY KEY,
  business_id text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz,
  UNIQUE (business_id, email)
);
CREATE INDEX merchant_users_email ON merchant_users (email);

-- A session is a random token in an HttpOnly cookie; only its SHA-256 is kept, so a database dump opens no
-- session. It ends at expires_at (absolute), after the idle timeout since last_seen_at, or when revoked
-- (sign-out, the user removed, a password reset).
CREATE TABLE merchant_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES merchant_users (id) ON DELETE CASCADE,
  business_id text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX merchant_sessions_user ON merchant_sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX merchant_sessions_expiry ON merchant_sessions (expires_at);

-- Failed sign-ins per address, counted over a window so replicas share one limit (the per-address limit
-- of the login rate limit; the per-client one is in process memory like the other rate limits).
CREATE TABLE merchant_login_failures (
  email text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX merchant_login_failures_email ON merchant_login_failures (email, at);

-- An owner invites staff or another owner by address; the link carries a single-use token (only its
-- SHA-256 is kept) valid for 7 days.
CREATE TABLE merchant_invitations (
  id uuid PRIMARY KEY,
  business_id text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX merchant_invitations_business ON merchant_invitations (business_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- What happens to a placed order in the kitchen: placed → accepted → ready → completed, or cancelled
-- from any of the first three. Null until the order is placed (the visitor's open/checkout/placed
-- status is unchanged).
ALTER TABLE orders ADD COLUMN fulfillment_status text CHECK (fulfillment_status IN ('placed', 'accepted', 'ready', 'completed', 'cancelled'));
ALTER TABLE orders ADD COLUMN fulfillment_status_at timestamptz;
ALTER TABLE orders ADD COLUMN cancel_reason text;
UPDATE orders SET fulfillment_status = 'placed', fulfillment_status_at = placed_at WHERE status = 'placed';
ALTER TABLE orders ADD CONSTRAINT orders_fulfillment_status_placed CHECK ((status = 'placed') = (fulfillment_status IS NOT NULL));
CREATE INDEX orders_fulfillment_queue ON orders (business_id, fulfillment_status, fulfillment_status_at) WHERE fulfillment_status IS NOT NULL;

-- Every change of an order's fulfillment status, and who made it (kept when the user is removed).
CREATE TABLE order_status_changes (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text,
  user_id uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  user_email text,
  at timestamptz NOT NULL
);
CREATE INDEX order_status_changes_order ON order_status_changes (order_id, at);

-- A cancelled order's payment is voided (authorised) or refunded (captured).
ALTER TABLE payments ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);

-- The kitchen's controls per location, applied by the ready-time rules: extra minutes on every promise
-- (rush), no orders until a time (pause), and a capacity per 15-minute slot replacing the data file's.
CREATE TABLE kitchen_controls (
  business_id text NOT NULL,
  location_id text NOT NULL,
  rush_minutes integer NOT NULL DEFAULT 0 CHECK (rush_minutes BETWEEN 0 AND 120),
  paused_until timestamptz,
  orders_per_slot integer CHECK (orders_per_slot BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  PRIMARY KEY (business_id, location_id)
);

-- Sold out from the workspace: an item (variation_id '') or one variation, until a time (the end of the
-- day) or until further notice (sold_out_until null). Items the data file marks unavailable are not here.
CREATE TABLE availability_overrides (
  business_id text NOT NULL,
  item_id text NOT NULL,
  variation_id text NOT NULL DEFAULT '',
  sold_out_until timestamptz,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  PRIMARY KEY (business_id, item_id, variation_id)
);

-- Reservations the merchant marks as no-shows, and when a reservation's status last changed.
ALTER TABLE reservations DROP CONSTRAINT reservations_status_check;
ALTER TABLE reservations ADD CONSTRAINT reservations_status_check CHECK (status IN ('confirmed', 'cancelled', 'no_show'));
ALTER TABLE reservations ADD COLUMN status_changed_at timestamptz;
CREATE INDEX reservations_business_start ON reservations (business_id, starts_at);

-- Messages read in the workspace; reviews approved or rejected, and when.
ALTER TABLE form_submissions ADD COLUMN read_at timestamptz;
ALTER TABLE form_submissions ADD COLUMN decided_at timestamptz;
ALTER TABLE form_submissions ADD COLUMN decided_by uuid REFERENCES merchant_users (id) ON DELETE SET NULL;

-- The workspace's event log: one row per change a live order screen must see (an order placed or moved,
-- the kitchen's controls, availability), written in the transaction that made the change. Streams send
-- each event once it has committed, and resend what a reconnecting screen missed (Last-Event-ID) from here,
-- so a screen that reconnects to another replica misses nothing. Kept 24 hours.
CREATE TABLE manage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('order', 'kitchen', 'availability')),
  subject_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX manage_events_business ON manage_events (business_id, id);
CREATE INDEX manage_events_created ON manage_events (created_at);
