-- Previews (docs/publishing.md "Preview"): a preview is a build job in the same queue as a publish, claimed,
-- leased and failed the same way, but built into <SITES_DIR>/<business>/previews/<id>/ and never switched live.
-- It has no version (version numbers name the folders of the live site) and is served on a host of its own,
-- <token>.<PREVIEW_DOMAIN>, where the token is an unguessable random id.
ALTER TABLE site_publishes ADD COLUMN kind text NOT NULL DEFAULT 'publish' CHECK (kind IN ('publish', 'preview'));
ALTER TABLE site_publishes ADD COLUMN token text UNIQUE CHECK (token ~ '^[a-z0-9]{26,}$');
-- The account that asked for the job (its address kept if the account is removed), for "published by".
ALTER TABLE site_publishes ADD COLUMN requested_by text;
ALTER TABLE site_publishes ALTER COLUMN version DROP NOT NULL;
ALTER TABLE site_publishes ADD CHECK ((kind = 'publish') = (version IS NOT NULL));
ALTER TABLE site_publishes ADD CHECK ((kind = 'preview') = (token IS NOT NULL));

-- One waiting or running job per revision of a business and kind: a second Preview of the same draft finds its
-- preview, and never the publish of that draft.
DROP INDEX site_publishes_pending;
CREATE UNIQUE INDEX site_publishes_pending ON site_publishes (business_id, revision, kind) WHERE status IN ('queued', 'building');
-- The workspace's list of a business's latest jobs.
CREATE INDEX site_publishes_latest ON site_publishes (business_id, queued_at DESC);
