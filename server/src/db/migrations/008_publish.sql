-- Publishing (docs/publishing.md): a publish is a build job row; build workers claim jobs with
-- SELECT … FOR UPDATE SKIP LOCKED, so any number of them share one queue, and each claim is a lease
-- (claimed_until) that the worker renews while it builds. A worker that dies stops renewing; once the lease
-- has run out another worker claims the job again.
CREATE TABLE site_publishes (
  id uuid PRIMARY KEY,
  business_id text NOT NULL REFERENCES site_heads (business_id) ON DELETE CASCADE,
  revision integer NOT NULL,
  -- The folder the build writes (<SITES_DIR>/<business>/versions/<version>/): numbered when the job is queued,
  -- so a failed job's number is never reused for another build.
  version integer NOT NULL CHECK (version > 0),
  status text NOT NULL CHECK (status IN ('queued', 'building', 'live', 'failed')),
  queued_at timestamptz NOT NULL,
  finished_at timestamptz,
  claimed_by text,
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  -- For the owner: one plain sentence when the build failed.
  message text,
  -- For the operator: the build's output (its tail when long), never shown to the owner.
  log text,
  FOREIGN KEY (business_id, revision) REFERENCES site_revisions (business_id, revision),
  UNIQUE (business_id, version),
  CHECK ((status = 'building') = (claimed_by IS NOT NULL AND claimed_until IS NOT NULL)),
  CHECK ((status IN ('live', 'failed')) = (finished_at IS NOT NULL)),
  CHECK ((status = 'failed') = (message IS NOT NULL))
);

-- One waiting or running job per revision of a business: a second Publish of the same draft finds this one.
CREATE UNIQUE INDEX site_publishes_pending ON site_publishes (business_id, revision) WHERE status IN ('queued', 'building');
-- What workers look through when they claim.
CREATE INDEX site_publishes_open ON site_publishes (queued_at) WHERE status IN ('queued', 'building');

-- The version each business's public site serves now (the `live` link in its folder points at it).
CREATE TABLE site_live (
  business_id text PRIMARY KEY REFERENCES site_heads (business_id) ON DELETE CASCADE,
  version integer NOT NULL,
  revision integer NOT NULL,
  published_at timestamptz NOT NULL,
  FOREIGN KEY (business_id, version) REFERENCES site_publishes (business_id, version)
);
