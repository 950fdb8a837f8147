import type { Queryable } from "../db/db";

/** All the SQL of safe retries (`idempotency_keys`): a key's claim, its sealed answer, and the purge. */

interface KeyRef {
  scope: string;
  keyHash: string;
}

type StoredKey = { fingerprint: string; state: "running" | "done"; response_status: number | null; response_body: string | null };

/**
 * Claims a key for `owner`: a new key, an expired one, or a running one whose lease ended with the same
 * request. Returns the owner the row has afterwards (another request's when the claim did not take).
 */
export async function claimKey(
  q: Queryable,
  claim: KeyRef & { fingerprint: string; owner: string; leaseUntil: Date; at: Date; expiresAt: Date },
): Promise<string | undefined> {
  const { rows } = await q.query<{ owner: string }>(
    `INSERT INTO idempotency_keys (scope, key_hash, fingerprint, state, owner, lease_until, created_at, expires_at)
     VALUES ($1, $2, $3, 'running', $4, $5, $6, $7)
     ON CONFLICT (scope, key_hash) DO UPDATE
       SET fingerprint = excluded.fingerprint, state = 'running', owner = excluded.owner, lease_until = excluded.lease_until,
           created_at = excluded.created_at, expires_at = excluded.expires_at, response_status = NULL, response_body = NULL
       WHERE idempotency_keys.expires_at <= excluded.created_at
          OR (idempotency_keys.state = 'running' AND idempotency_keys.lease_until <= excluded.created_at
              AND idempotency_keys.fingerprint = excluded.fingerprint)
     RETURNING owner`,
    [claim.scope, claim.keyHash, claim.fingerprint, claim.owner, claim.leaseUntil, claim.at, claim.expiresAt],
  );
  return rows[0]?.owner;
}

export async function readKey(q: Queryable, key: KeyRef): Promise<StoredKey | undefined> {
  const { rows } = await q.query<StoredKey>("SELECT fingerprint, state, response_status, response_body FROM idempotency_keys WHERE scope = $1 AND key_hash = $2", [
    key.scope,
    key.keyHash,
  ]);
  return rows[0];
}

/** Stores the sealed answer if `owner` still runs the key; false otherwise. */
export async function completeKey(q: Queryable, key: KeyRef & { owner: string }, status: number, sealedBody: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET state = 'done', owner = NULL, lease_until = NULL, response_status = $4, response_body = $5
      WHERE scope = $1 AND key_hash = $2 AND owner = $3 AND state = 'running'`,
    [key.scope, key.keyHash, key.owner, status, sealedBody],
  );
  return rowCount === 1;
}

/** Deletes the key if `owner` still holds it; false otherwise. */
export async function releaseKey(q: Queryable, key: KeyRef & { owner: string }): Promise<boolean> {
  const { rowCount } = await q.query("DELETE FROM idempotency_keys WHERE scope = $1 AND key_hash = $2 AND owner = $3", [key.scope, key.keyHash, key.owner]);
  return rowCount === 1;
}

export async function purgeKeys(q: Queryable, now: Date, limit: number): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM idempotency_keys WHERE (scope, key_hash) IN (
       SELECT scope, key_hash FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`,
    [now, limit],
  );
  return rowCount;
}
