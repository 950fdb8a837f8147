import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite keeps its database in DATA_DIR and assumes one process owns it: a second process opening the same
 * directory (the `merchant:add` CLI while the service runs) would write over the first's pages. The owner
 * holds `mainstreet.lock` (its pid) for as long as it has the database open; another process finding a live
 * owner refuses to open it. A lock left by a process that died (a crash, SIGKILL) is taken over.
 */

export const LOCK_FILE = "mainstreet.lock";

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`${dataDir} is in use by process ${pid} (the API service?): PGlite allows one process at a time. Stop it first, or use PostgreSQL (DATABASE_URL).`);
    this.name = "DataDirBusyError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the directory's lock for this process; the returned function gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        try {
          if (readFileSync(path, "utf8").trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(path, "utf8").trim());
    } catch {
      continue;
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new DataDirBusyError(dataDir, owner);
    try {
      unlinkSync(path);
    } catch {
      // Another process took it over first; try again.
    }
  }
  throw new Error(`${path}: could not take the data directory's lock`);
}
