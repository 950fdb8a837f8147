import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config";
import { lockDataDir } from "../db/data-dir-lock";
import { openDb, type Db } from "../db/db";
import { applyMigrations } from "../db/migrate";

/**
 * The database the service uses, opened by a command-line tool from the same environment: PostgreSQL
 * (DATABASE_URL), or PGlite's DATA_DIR under its lock (one process per directory: a running service makes
 * the tool stop with DataDirBusyError), migrated first. `where` names it for the tool's last line.
 */
export async function openServiceDb(config: Config): Promise<{ db: Db; where: string }> {
  if (!config.DATABASE_URL) {
    mkdirSync(resolve(config.DATA_DIR), { recursive: true });
    lockDataDir(resolve(config.DATA_DIR));
  }
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR) });
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { db, where: config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(config.DATA_DIR)}` };
}
