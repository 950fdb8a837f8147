-- Appointments: a person's time at a location for one service variation, booked by a visitor or in the
-- workspace, and the blocks staff put in their calendar. Both live in one table so one exclusion
-- constraint covers them: a person can never hold two overlapping stretches of time (appointment and
-- appointment, or appointment and block), whatever the concurrency. The code checks availability first to
-- answer with a reason; the constraint is what makes a lost race a 409 instead of a double booking.

-- btree_gist lets a GiST index compare plain text (the person) with = next to a range with &&. Created in
-- public so every schema of the database (tests use one per file) shares one copy: a default operator class
-- is found by type, not by search_path. PGlite loads it as an extension module (db/db.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

CREATE TABLE appointments (
  id uuid PRIMARY KEY,
  business_id text NOT NULL,
  location_id text NOT NULL,
  -- The team member whose time it is.
  staff_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('appointment', 'block')),
  -- Online (the visitor's booking flow) or walk_in (added in the workspace); null for a block.
  source text CHECK (source IN ('online', 'walk_in')),
  variation_id text,
  starts_at timestamptz NOT NULL,
  -- The service ends here; the person is busy until buffer_ends_at (clean-up after it).
  ends_at timestamptz NOT NULL,
  buffer_ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled', 'no_show')),
  -- What the visitor reads out on the phone (A-XXXX-XXXX); the manage link's token is kept only as SHA-256.
  reference text UNIQUE,
  manage_token_hash text,
  first_name text,
  last_name text,
  email text CHECK (email = lower(email)),
  phone text,
  notes text NOT NULL DEFAULT '',
  -- The calendar file's SEQUENCE: raised by every move and by cancellation, so calendars take the change.
  sequence integer NOT NULL DEFAULT 0,
  -- When the reminder is due (a day before the start; null when booked less than a day ahead or without an
  -- address) and when a sender queued it: the claim that keeps replicas from reminding twice.
  reminder_at timestamptz,
  reminded_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  CHECK (starts_at < ends_at AND ends_at <= buffer_ends_at),
  CHECK (
    (kind = 'block' AND source IS NULL AND variation_id IS NULL AND reference IS NULL)
    OR (kind = 'appointment' AND source IS NOT NULL AND variation_id IS NOT NULL AND reference IS NOT NULL AND first_name IS NOT NULL AND last_name IS NOT NULL)
  ),
  CHECK (source IS DISTINCT FROM 'online' OR (manage_token_hash IS NOT NULL AND email IS NOT NULL)),
  CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
    business_id WITH =,
    staff_id WITH =,
    tstzrange(starts_at, buffer_ends_at, '[)') WITH &&
  ) WHERE (status <> 'cancelled')
);
CREATE INDEX appointments_calendar ON appointments (business_id, location_id, starts_at);
CREATE INDEX appointments_reminders ON appointments (reminder_at) WHERE reminded_at IS NULL AND status = 'booked';

-- Mail may carry files (an appointment's calendar invitation): [{ filename, content_type, content }].
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The workspace's calendar hears of appointments on the same stream as orders.
ALTER TABLE manage_events DROP CONSTRAINT manage_events_kind_check;
ALTER TABLE manage_events ADD CONSTRAINT manage_events_kind_check CHECK (kind IN ('order', 'kitchen', 'availability', 'appointment'));
