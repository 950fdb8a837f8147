-- What each publish was built from (docs/publishing.md "Building every site"): one sha256 over the revision's
-- data text, the photos it names (their content hashes), the recipe the build used and the build's code. Written
-- when the version goes live; `npm run build:all` rebuilds a business only when its live version's fingerprint
-- differs from the one its draft would have now. Older jobs have none, so their businesses are built once more.
ALTER TABLE site_publishes ADD COLUMN fingerprint text CHECK (fingerprint ~ '^[0-9a-f]{64}$');
