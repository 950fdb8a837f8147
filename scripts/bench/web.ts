/**
 * `npm run bench:web`: how fast the salon's pages are against two references, in one interleaved run.
 *   - salon: the production build of the default sample;
 *   - bare:  a bare Gatsby 5 site with as many pages (bench/), the floor of the framework;
 *   - no-js: the salon's own built HTML and CSS with every script removed, the floor of the design.
 * All three are served by the same server (scripts/serve.mjs: the API service's static handler, its
 * compression and headers), each from its own snapshot on localhost with its own precompressed copies.
 * Lighthouse (mobile, simulated throttling) measures home, the services page and an item page in rounds,
 * the three sites taking turns inside each round so machine load falls on all of them alike. Prints medians
 * and the ratios to the no-JS copy; writes audit/bench-web.json and audit/bench-web.md. It measures; it
 * asserts nothing.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import { precompressDir } from "gatsby-theme-mainstreet-core/src/node/precompress";
import { CHROME_FLAGS, CHROME_PATH, assertChromium } from "../audit/browser";
import { underBuildLock } from "../audit/build-lock";
import { startSiteServer, type SiteServer } from "../audit/site-server";
import { copyWithoutScripts } from "./no-js";
import { ATTEMPTS_PER_RUN, WEB_GOALS, figuresTable, firstResult, medians, missedGoals, ratioTable, type PageFigures, type WebRun } from "./web-table";

const REPO_ROOT = path.resolve(__dirname, "../..");
const SALON = path.join(REPO_ROOT, "data", "salon", "business.json");
const OUT_DIR = path.join(REPO_ROOT, "audit");
const WORKER = path.join(__dirname, "web-lighthouse.mjs");
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage: npm run bench:web -- [--rounds <home>,<services>,<item>] [--no-build] [--keep]

  --rounds    Lighthouse runs per site on each page (default 5,3,3)
  --no-build  measure the salon already in public/ (and the bare site already in the work folder)
  --keep      keep the work folder with the three snapshots`;

interface Options {
  rounds: [number, number, number];
  build: boolean;
  keep: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { rounds: [5, 3, 3], build: true, keep: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === "--no-build") options.build = false;
    else if (flag === "--keep") options.keep = true;
    else if (flag === "--rounds") {
      const parts = (argv[index + 1] ?? "").split(",").map(Number);
      if (parts.length !== 3 || parts.some((count) => !Number.isInteger(count) || count < 1)) {
        throw new Error(`--rounds: expected three whole numbers like 5,3,3, got ${JSON.stringify(argv[index + 1] ?? null)}`);
      }
      options.rounds = parts as [number, number, number];
      index += 1;
    } else throw new Error(`expected --rounds, --no-build or --keep, got ${JSON.stringify(flag)}`);
  }
  return options;
}

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT): void {
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

/** The salon, built under the build lock and copied out, so the lock is free while pages are measured. */
function salonSnapshot(dir: string, build: boolean): void {
  const script = path.join(REPO_ROOT, "scripts", "audit", "build-snapshot.mjs");
  const args = [script, SALON, dir, ...(build ? [] : ["--no-build"])];
  const wrapped = underBuildLock(process.execPath, args);
  run(wrapped.command, wrapped.args);
}

/** The bare site with the salon's page count, built outside the repository (bench:build does the same). */
function bareSnapshot(dir: string, pages: number, build: boolean): void {
  const site = path.join(path.dirname(dir), "bare-site");
  if (build || !fs.existsSync(path.join(site, "public"))) {
    fs.rmSync(site, { recursive: true, force: true });
    fs.mkdirSync(site, { recursive: true });
    for (const entry of ["package.json", "gatsby-config.js", "gatsby-node.js", "src"]) fs.cpSync(path.join(REPO_ROOT, "bench", entry), path.join(site, entry), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(site, "node_modules"), "dir");
    run(path.join(REPO_ROOT, "node_modules", ".bin", "gatsby"), ["build"], { BENCH_PAGES: String(pages) }, site);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(site, "public"), dir, { recursive: true });
}

function lighthouse(url: string, workDir: string): Promise<WebRun | null> {
  const job = path.join(workDir, "job.json");
  const out = path.join(workDir, "result.json");
  fs.rmSync(out, { force: true });
  fs.writeFileSync(job, JSON.stringify({ url, chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, out }));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER, job], { stdio: "ignore" });
    child.on("close", () => {
      if (!fs.existsSync(out)) return resolve(null);
      const result = JSON.parse(fs.readFileSync(out, "utf8")) as WebRun & { error?: string };
      if (result.error) say(`    ${url}: ${result.error}`);
      resolve(result.error ? null : result);
    });
  });
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:web: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  assertChromium();
  const plan = readSiteFile(SALON).plan.pages;
  const item = plan.find((page) => page.template === "service-item");
  const services = plan.find((page) => page.template === "services");
  if (!item || !services) throw new Error("bench:web: the salon has no services page or item page to measure");

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-web-"));
  const servers: SiteServer[] = [];
  try {
    say("▶ snapshots: the salon (build lock), the bare site, the salon without scripts");
    salonSnapshot(path.join(work, "salon"), options.build);
    bareSnapshot(path.join(work, "bare"), plan.length, true);
    const pagesWithoutScripts = copyWithoutScripts(path.join(work, "salon"), path.join(work, "no-js"));
    say(`  no-js: ${pagesWithoutScripts} pages without scripts`);

    const sites = ["salon", "bare", "no-js"] as const;
    // The server sends a file's precompressed copies when it has them: every snapshot gets them, made alike,
    // or one site would be measured with brotli 11 and another with brotli 4. Copies a build already made
    // and that still match are kept; the bare site's build makes none; the no-JS pages are new text.
    for (const name of sites) {
      const { files, originalBytes, brotliBytes, written } = await precompressDir(path.join(work, name));
      say(`  ${name}: ${files} text files precompressed (${written} copies written), ${Math.round(originalBytes / 1024)} KiB → ${Math.round(brotliBytes / 1024)} KiB brotli`);
    }
    const origins: Record<string, string> = {};
    for (const name of sites) {
      const dir = path.join(work, `${name}-server`);
      fs.mkdirSync(dir, { recursive: true });
      const server = await startSiteServer({ publicDir: path.join(work, name), dataFile: SALON, workDir: dir });
      servers.push(server);
      origins[name] = server.origin;
    }
    // The bare site's pages stand in for the salon's by position: its home, then two of its inner pages.
    const targets = [
      { page: "home", rounds: options.rounds[0], path: { salon: "/", bare: "/", "no-js": "/" } },
      { page: services.path, rounds: options.rounds[1], path: { salon: services.path, bare: "/page-1/", "no-js": services.path } },
      { page: "an item page", rounds: options.rounds[2], path: { salon: item.path, bare: "/page-2/", "no-js": item.path } },
    ];
    const figures: PageFigures[] = [];
    for (const target of targets) {
      const runs: Record<string, WebRun[]> = { salon: [], bare: [], "no-js": [] };
      for (let round = 1; round <= target.rounds; round += 1) {
        for (const name of sites) {
          const url = `${origins[name]}${target.path[name]}`;
          const result = await firstResult(ATTEMPTS_PER_RUN, (attempt) => {
            if (attempt > 1) say(`  ${target.page} round ${round}/${target.rounds} ${name}: again (attempt ${attempt} of ${ATTEMPTS_PER_RUN})`);
            return lighthouse(url, work);
          });
          if (result) runs[name].push(result);
          say(`  ${target.page} round ${round}/${target.rounds} ${name}: ${result ? `perf ${result.performance?.toFixed(2)}, LCP ${Math.round(result.lcpMs ?? 0)} ms, TBT ${Math.round(result.tbtMs ?? 0)} ms, CLS ${result.cls?.toFixed(3)}` : "no result"}`);
        }
      }
      figures.push({ page: target.page, rounds: target.rounds, sites: sites.map((name) => ({ name, figures: medians(runs[name]) })) });
    }
    const table = figuresTable(figures);
    const versusNoJs = ratioTable(figures, "salon", "no-js");
    const versusBare = ratioTable(figures, "salon", "bare");
    const missed = missedGoals(figures);
    const note = `Medians of interleaved Lighthouse runs (mobile, simulated throttling) on ${os.cpus().length} CPUs, Node ${process.versions.node}. Goals (issue 38): the salon's LCP at most ${WEB_GOALS.lcpToBare}× the bare site's, its main thread at most ${WEB_GOALS.mainThreadToNoJs}× its no-JS copy's, at most ${WEB_GOALS.jsKiB} KiB of JavaScript, on every page. Earlier targets (issue 18): performance within 0.02 of no-js, TBT at most 2× and LCP at most 1.15× no-js, CLS 0.`;
    const verdict = missed.length === 0 ? "Every goal met." : `${missed.length} goal(s) missed:\n${missed.map((line) => `- ${line}`).join("\n")}`;
    say(`\n${table}\n\nsalon against the no-JS copy:\n\n${versusNoJs}\n\nsalon against the bare site:\n\n${versusBare}\n\n${note}\n${verdict}`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUT_DIR, "bench-web.json"), `${JSON.stringify({ generatedAt: new Date().toISOString(), cpus: os.cpus().length, figures }, null, 2)}\n`);
    fs.writeFileSync(path.join(OUT_DIR, "bench-web.md"), `# Web benchmark\n\n${table}\n\n## salon / no-js\n\n${versusNoJs}\n\n## salon / bare\n\n${versusBare}\n\n${note}\n\n${verdict}\n`);
    say("\nWrote audit/bench-web.md and audit/bench-web.json.");
    return 0;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (options.keep) say(`Kept ${work}.`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:web: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
