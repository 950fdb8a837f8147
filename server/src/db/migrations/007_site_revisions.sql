-- The business data lives here as revisions (docs/publishing.md). The JSON data file stays the exchange
-- format: an import writes a revision, an export reads one back.

-- One row per business kept in the database: which revision is the current draft, and where the image
-- paths of its data resolve from (the directory of the file it was imported from). A save over the draft
-- locks this row (SELECT … FOR UPDATE) and moves draft_revision forward only from the revision it read, so
-- two saves over the same draft can never both win.
CREATE TABLE site_heads (
  business_id text PRIMARY KEY,
  draft_revision integer NOT NULL CHECK (draft_revision > 0),
  image_dir text,
  updated_at timestamptz NOT NULL
);

-- Every saved state of a business's data, never changed once written. `data` is the document in the data
-- file's shape (what the file says, before the contract's normalisation); `file_text` is the same document as
-- a file, byte for byte (jsonb keeps neither key order nor layout): the CHECK keeps the two from ever
-- disagreeing. Who saved it: a workspace account (its id and address, kept if the account is removed), or an
-- import (the CLI, or the service seeding a business from its SITE_DATA file on start).
CREATE TABLE site_revisions (
  business_id text NOT NULL REFERENCES site_heads (business_id) ON DELETE CASCADE,
  revision integer NOT NULL CHECK (revision > 0),
  data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
  file_text text NOT NULL,
  source text NOT NULL CHECK (source IN ('workspace', 'import')),
  user_id uuid REFERENCES merchant_users (id) ON DELETE SET NULL,
  user_email text,
  summary text NOT NULL CHECK (summary <> ''),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (business_id, revision),
  CHECK (data = file_text::jsonb),
  CHECK ((source = 'workspace') = (user_email IS NOT NULL))
);

-- The draft is always one of the business's own revisions.
ALTER TABLE site_heads
  ADD CONSTRAINT site_heads_draft FOREIGN KEY (business_id, draft_revision) REFERENCES site_revisions (business_id, revision) DEFERRABLE INITIALLY DEFERRED;
