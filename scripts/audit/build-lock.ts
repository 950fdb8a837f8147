/**
 * A production build writes public/ and .cache/ at the repository root, so two builds (or a build and a
 * copy of public/) must not overlap. Builds started by the audit and the bench run under
 * `flock <lock file>`, one site at a time, unless an ancestor process already holds that lock (someone
 * ran `flock <lock file> npm run audit`); taking it again there would wait forever.
 */
import fs from "node:fs";
import path from "node:path";

const BUILD_LOCK_FILE = process.env.MAINSTREET_BUILD_LOCK ?? "/tmp/mainstreet-build.lock";

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function parentPid(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces and parentheses, so split after the last ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
  } catch {
    return null;
  }
}

function holdsOpen(pid: number, file: string): boolean {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** True when this process or an ancestor has the lock file open, i.e. runs inside `flock <file> …`. */
export function lockHeldByAncestor(file: string = BUILD_LOCK_FILE): boolean {
  const target = path.resolve(file);
  for (let pid: number | null = process.pid; pid !== null && pid > 1; pid = parentPid(pid)) {
    if (holdsOpen(pid, target)) return true;
  }
  return false;
}

/** The command wrapped in `flock`, or as it is when flock is missing or the lock is already ours. */
export function underBuildLock(command: string, args: string[]): { command: string; args: string[]; locked: boolean } {
  const flock = onPath("flock");
  if (!flock || lockHeldByAncestor()) return { command, args, locked: false };
  return { command: flock, args: [BUILD_LOCK_FILE, command, ...args], locked: true };
}
