import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config";
import { lockDataDir } from "../db/data-dir-lock";
import { openDb, type Db } from "../db/db";
import { PGLITE_IN_MEMORY } from "../db/in-memory";
import { applyMigrations } from "../db/migrate";

/**
 * The database the service uses, opened by the service or a command-line tool from the same environment:
 * PostgreSQL (DATABASE_URL), or PGlite's DATA_DIR under its lock (one process per directory: a running service
 * makes a tool stop with DataDirBusyError; in memory there is nothing to share or lock), migrated first. `where`
 * names it for a tool's last line; `applied` lists the migrations this opening applied.
 */
export async function openServiceDb(config: Config): Promise<{ db: Db; where: string; applied: number[] }> {
  const dataDir = config.DATABASE_URL ? undefined : config.DATA_DIR === PGLITE_IN_MEMORY ? PGLITE_IN_MEMORY : resolve(config.DATA_DIR);
  if (dataDir !== undefined && dataDir !== PGLITE_IN_MEMORY) {
    mkdirSync(dataDir, { recursive: true });
    lockDataDir(dataDir);
  }
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir });
  let applied: number[];
  try {
    applied = await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const where = dataDir === undefined ? "PostgreSQL (DATABASE_URL)" : dataDir === PGLITE_IN_MEMORY ? "PGlite in memory" : `PGlite in ${dataDir}`;
  return { db, where, applied };
}
