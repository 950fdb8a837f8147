-- Signing in safely: browsers an account has signed in from, sign-in attempts counted per email, client
-- address and browser (shared by every replica), and password resets by email.

-- A browser an account has signed in from: a random token in a long-lived, signed, HttpOnly cookie; only
-- its SHA-256 is kept. Failures from other browsers do not stop an account signing in from one of these.
CREATE TABLE merchant_devices (
  token_hash text NOT NULL,
  user_id uuid NOT NULL REFERENCES merchant_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX merchant_devices_user ON merchant_devices (user_id);

-- The key that signs device cookies: one row, made by the first replica that needs it, read by all.
CREATE TABLE merchant_device_key (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);

-- Attempts counted per scope and key (an email, a client address, a known browser, reset mails per email):
-- one row each, upserted, so the count holds across replicas and the table stays small. The count starts
-- again once the last attempt is older than the scope's window.
CREATE TABLE merchant_sign_in_attempts (
  scope text NOT NULL CHECK (scope IN ('email', 'address', 'device', 'reset')),
  key text NOT NULL,
  attempts integer NOT NULL CHECK (attempts > 0),
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX merchant_sign_in_attempts_last ON merchant_sign_in_attempts (last_at);

-- Counted per address over a fixed window, it let anyone lock an owner out: the table above replaces it.
DROP TABLE merchant_login_failures;

-- A link to set a new password: single use, valid one hour; only the token's SHA-256 is kept.
CREATE TABLE merchant_password_resets (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES merchant_users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX merchant_password_resets_user ON merchant_password_resets (user_id) WHERE used_at IS NULL;
