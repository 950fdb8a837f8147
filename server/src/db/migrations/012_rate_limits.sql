-- Rate limits counted in the database (docs/api.md "Rate limits"): with several replicas on one PostgreSQL,
-- each replica counting in its own memory would let a client send N times the limit. One row per limited
-- bucket and client key holds a fixed window: its start and the requests counted in it. The count is one
-- upsert, so replicas counting the same client at once serialise on the row.
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  client_key text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL CHECK (window_end > window_start),
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (bucket, client_key)
);

-- The purge removes windows that ended long ago.
CREATE INDEX rate_limit_hits_window_end ON rate_limit_hits (window_end);
