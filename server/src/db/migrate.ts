import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./db";

export const MIGRATIONS_DIR = join(__dirname, "migrations");

/** Any constant works: it only has to be the same for every replica migrating this database. */
const MIGRATION_LOCK_KEY = 724_310_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `NNN_name.sql` files in version order; a gap or duplicate number is a packaging error. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .map((file) => {
      const match = /^(\d{3})_([a-z0-9_-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`${join(dir, file)}: expected a name like 001_initial.sql, got "${file}"`);
      return { version: Number(match[1]), name: match[2], sql: readFileSync(join(dir, file), "utf8") };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`${dir}: expected migration ${String(index + 1).padStart(3, "0")}, got ${String(migration.version).padStart(3, "0")}_${migration.name}.sql`);
    }
  });
  return migrations;
}

/**
 * Applies pending migrations in one transaction and records each one, so a failed migration leaves
 * the database as it was and two replicas starting together do not both apply it (advisory lock).
 * Returns the versions applied now.
 */
export async function applyMigrations(db: Db, migrations: Migration[] = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<{ version: number }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const now: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      now.push(migration.version);
    }
    return now;
  });
}
