-- Facts read live (docs/publishing.md "Facts read live"): per business, the hours, special hours and
-- announcement the live site reads without a build, and the revision they come from. Written when the owner
-- presses Publish, when a build fails (back to the live version's), on a rollback and on "Closed today", so a
-- read is one row by key however many revisions the business has.
CREATE TABLE site_facts (
  business_id text PRIMARY KEY REFERENCES site_heads (business_id) ON DELETE CASCADE,
  revision integer NOT NULL,
  facts jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  FOREIGN KEY (business_id, revision) REFERENCES site_revisions (business_id, revision)
);
