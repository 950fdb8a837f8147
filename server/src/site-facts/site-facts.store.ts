import { z } from "zod";
import { StoredFactsSchema, type StoredFacts } from "@mainstreet/rules/api/site-facts-api";
import type { Queryable } from "../db/db";

/**
 * All the SQL of facts read live (migration 009): one row per business, read by key. The facts column is
 * parsed with the stored schema on every read, so a row this code cannot read fails here, by name.
 */

const FactsRowSchema = z.object({ revision: z.number().int().min(1), facts: StoredFactsSchema, updated_at: z.date() });
export type FactsRow = z.infer<typeof FactsRowSchema>;

/** The business's live facts; with `lock`, held until the transaction ends, so writers of one business take turns. */
export async function factsOf(q: Queryable, businessId: string, lock = false): Promise<FactsRow | undefined> {
  const { rows } = await q.query(`SELECT revision, facts, updated_at FROM site_facts WHERE business_id = $1${lock ? " FOR UPDATE" : ""}`, [businessId]);
  return rows[0] === undefined ? undefined : FactsRowSchema.parse(rows[0]);
}

export async function writeFacts(q: Queryable, businessId: string, facts: StoredFacts, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO site_facts (business_id, revision, facts, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (business_id) DO UPDATE SET revision = EXCLUDED.revision, facts = EXCLUDED.facts, updated_at = EXCLUDED.updated_at`,
    [businessId, facts.revision, JSON.stringify(facts), at],
  );
}

/** The revision the public site serves, when a version is live (site_live, migration 008). */
export async function liveRevisionOf(q: Queryable, businessId: string): Promise<number | undefined> {
  const { rows } = await q.query("SELECT revision FROM site_live WHERE business_id = $1", [businessId]);
  return rows[0] === undefined ? undefined : z.number().int().min(1).parse(rows[0].revision);
}

/** Forgets the business's live facts (its site then reads the facts of what it serves). */
export async function deleteFacts(q: Queryable, businessId: string): Promise<void> {
  await q.query("DELETE FROM site_facts WHERE business_id = $1", [businessId]);
}
