// Runs `gatsby build` in a site directory, cold (.cache and public removed first) then warm, timing each
// and sampling the peak resident memory of the whole process tree (Gatsby forks workers). Runs under the
// build lock when the site is the repository root. Writes the figures as JSON.
// Usage: node scripts/bench/timed-build.mjs <site dir> <out.json>   (SITE_DATA etc. come from the environment)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [siteDir, out] = process.argv.slice(2);
if (!siteDir || !out) {
  console.error("timed-build: expected <site dir> <out.json>");
  process.exit(2);
}
const gatsby = path.join(siteDir, "node_modules", ".bin", "gatsby");
const SAMPLE_MS = 200;

/** Parent pid of every process, from /proc/<pid>/stat (comm may hold spaces, so split after the last ")"). */
function processTable() {
  const table = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[21] is rss in pages (field 24 of stat).
      table.set(Number(entry), { ppid: Number(fields[1]), rssPages: Number(fields[21]) });
    } catch {
      // The process ended between readdir and read.
    }
  }
  return table;
}

const PAGE_BYTES = 4096;

function treeRssBytes(rootPid) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    total += (table.get(pid)?.rssPages ?? 0) * PAGE_BYTES;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

function timedBuild(label) {
  return new Promise((resolve) => {
    const log = path.join(path.dirname(out), `${path.basename(out, ".json")}-${label}.log`);
    const logFd = fs.openSync(log, "w");
    const started = process.hrtime.bigint();
    const child = spawn(gatsby, ["build"], { cwd: siteDir, stdio: ["ignore", logFd, logFd], env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, treeRssBytes(child.pid));
    }, SAMPLE_MS);
    child.on("close", (code) => {
      clearInterval(timer);
      fs.closeSync(logFd);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ label, seconds, peakRssBytes: peak, exitCode: code, log });
    });
  });
}

fs.mkdirSync(path.dirname(out), { recursive: true });
for (const dir of [".cache", "public"]) fs.rmSync(path.join(siteDir, dir), { recursive: true, force: true });
const cold = await timedBuild("cold");
const warm = cold.exitCode === 0 ? await timedBuild("warm") : null;
fs.writeFileSync(out, JSON.stringify({ cold, warm }, null, 2));
process.exit(cold.exitCode === 0 && warm?.exitCode === 0 ? 0 : 1);
