-- Photos an owner uploaded in the workspace (docs/publishing.md "Photos"): checked and resized when they
-- arrive, and kept in the database itself, so a backup of the database holds them and any build worker on
-- any machine can write them into its data folder. `path` is what the business data names
-- (menu.items[].image.file, team[].image.file, logo.file …): uploads/<the first 16 hex digits of the stored
-- bytes' SHA-256>.webp, so the same picture uploaded again is the same row.
CREATE TABLE site_images (
  business_id text NOT NULL REFERENCES site_heads (business_id) ON DELETE CASCADE,
  path text NOT NULL CHECK (path ~ '^uploads/[0-9a-f]{16}\.webp$'),
  bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  content_type text NOT NULL CHECK (content_type = 'image/webp'),
  user_id uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  user_email text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, path)
);
