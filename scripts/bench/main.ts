/**
 * `npm run bench:build`: cold and warm `gatsby build` of the bare site (bench/, as many pages as the
 * salon), of a generated business with 2,000 menu items, and of the salon; prints seconds, peak memory
 * and the ratios salon/bare and 2,000-item/salon. Root builds run under the build lock, one site (cold
 * and warm together, so nobody else's build cools the cache in between) per hold.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import { underBuildLock } from "../audit/build-lock";
import { benchTable, ratioTable, type BenchRow, type BuildRun } from "./bench-table";
import { generateMenuBusiness } from "./generate-business";

const REPO_ROOT = path.resolve(__dirname, "../..");
const SALON = path.join(REPO_ROOT, "data", "salon", "business.json");
const OUT_DIR = path.join(REPO_ROOT, "audit");
const TIMED_BUILD = path.join(REPO_ROOT, "scripts", "bench", "timed-build.mjs");
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage: npm run bench:build -- [--items <n>] [--keep]

  --items   menu items in the generated business (default 2000)
  --keep    keep the temporary folder with the bare site and the generated business

Prints the table and writes audit/bench.json and audit/bench.md.`;

function parseArgs(argv: readonly string[]): { items: number; keep: boolean; help: boolean } {
  const options = { items: 2000, keep: false, help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === "--keep") options.keep = true;
    else if (flag === "--help" || flag === "-h") options.help = true;
    else if (flag === "--items") {
      const value = Number(argv[index + 1]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`--items: expected a whole number >= 1, got ${JSON.stringify(argv[index + 1] ?? null)}`);
      options.items = value;
      index += 1;
    } else throw new Error(`expected --items, --keep or --help, got ${JSON.stringify(flag)}`);
  }
  return options;
}

function pageCount(file: string): number {
  return readSiteFile(file).plan.pages.length;
}

function timed(name: string, siteDir: string, env: Record<string, string>, lock: boolean, workDir: string): { cold: BuildRun | null; warm: BuildRun | null; note?: string } {
  const out = path.join(workDir, `${name}.json`);
  const base = { command: process.execPath, args: [TIMED_BUILD, siteDir, out], locked: false };
  const wrapped = lock ? underBuildLock(base.command, base.args) : base;
  say(`\n▶ ${name}: cold and warm gatsby build${wrapped.locked ? " (waiting for the build lock first)" : ""}…`);
  const result = spawnSync(wrapped.command, wrapped.args, { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: "1" } });
  if (!fs.existsSync(out)) return { cold: null, warm: null, note: `did not run: exit ${result.status ?? result.signal}` };
  const runs = JSON.parse(fs.readFileSync(out, "utf8")) as { cold: BuildRun & { log: string }; warm: (BuildRun & { log: string }) | null };
  for (const run of [runs.cold, runs.warm]) {
    if (run) say(`  ${run.exitCode === 0 ? "built" : `FAILED (exit ${run.exitCode}), log: ${run.log}`} in ${run.seconds.toFixed(1)} s, peak ${Math.round(run.peakRssBytes / 1024 / 1024)} MiB`);
  }
  const failed = runs.cold.exitCode !== 0 || runs.warm?.exitCode !== 0;
  return { cold: runs.cold, warm: runs.warm, note: failed ? `build failed, see ${runs.warm?.exitCode ? runs.warm.log : runs.cold.log}` : undefined };
}

/** The bare site's sources in a temporary folder, with the repository's node_modules linked in. */
function prepareBareSite(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ["package.json", "gatsby-config.js", "gatsby-node.js", "src"]) {
    fs.cpSync(path.join(REPO_ROOT, "bench", entry), path.join(dir, entry), { recursive: true });
  }
  // Built outside the repository: its public/ and .cache/ would otherwise sit where eslint and jest crawl.
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
}

/** The generated business beside a copy of the salon's images, which its records name. */
function prepareLargeBusiness(dir: string, items: number): string {
  const base = JSON.parse(fs.readFileSync(SALON, "utf8")) as Record<string, unknown>;
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(path.dirname(SALON), "images"), path.join(dir, "images"), { recursive: true });
  const file = path.join(dir, "business.json");
  fs.writeFileSync(file, JSON.stringify(generateMenuBusiness(base, items), null, 2));
  return file;
}

function main(): number {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:build: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    say(USAGE);
    return 0;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-"));
  try {
    const salonPages = pageCount(SALON);
    const bareDir = path.join(tmp, "bare");
    prepareBareSite(bareDir);
    const largeFile = prepareLargeBusiness(path.join(tmp, "large"), options.items);
    const largePages = pageCount(largeFile);
    const itemsLabel = `${options.items.toLocaleString("en-US")} items`;

    const bare: BenchRow = { name: "bare Gatsby (bench/)", pages: salonPages, ...timed("bare", bareDir, { BENCH_PAGES: String(salonPages) }, false, tmp) };
    const large: BenchRow = { name: `generated, ${itemsLabel}`, pages: largePages, ...timed("large", REPO_ROOT, { SITE_DATA: largeFile }, true, tmp) };
    // The salon last, so public/ is left holding the default sample.
    const salon: BenchRow = { name: "salon", pages: salonPages, ...timed("salon", REPO_ROOT, { SITE_DATA: SALON }, true, tmp) };

    const rows = [bare, salon, large];
    const builds = benchTable(rows);
    const ratios = ratioTable([
      { label: "salon / bare", numerator: salon, denominator: bare },
      { label: `${itemsLabel} / salon`, numerator: large, denominator: salon },
    ]);
    const note = `Peak memory: resident set of the gatsby build process tree, sampled every 200 ms. ${os.cpus().length} CPUs, Node ${process.versions.node}.`;
    say(`\n${builds}\n\n${ratios}\n\n${note}`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUT_DIR, "bench.json"), `${JSON.stringify({ generatedAt: new Date().toISOString(), cpus: os.cpus().length, node: process.versions.node, rows }, null, 2)}\n`);
    fs.writeFileSync(path.join(OUT_DIR, "bench.md"), `# Build benchmark\n\n${builds}\n\n${ratios}\n\n${note}\n`);
    say(`\nWrote audit/bench.md and audit/bench.json.`);
    return rows.some((row) => row.note) ? 1 : 0;
  } finally {
    if (options.keep) say(`Kept ${tmp}.`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

process.exit(main());
