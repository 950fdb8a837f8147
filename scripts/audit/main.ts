/**
 * `npm run audit`: for each sample business, build it (under the build lock), serve a snapshot of the
 * build on localhost, and measure the first page of every page type with Lighthouse, axe-core,
 * html-validate and the JSON-LD checks; compare with budgets.json; write audit/report.{json,md}; print.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import type { Business } from "@mainstreet/rules/business/schema";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";
import { assertChromium } from "./browser";
import { underBuildLock } from "./build-lock";
import { BUDGETS_FILE, loadBudgets, type Budgets, type PageMetrics } from "./budgets";
import { parseAuditArgs, UsageError, USAGE, type AuditOptions } from "./cli";
import { validateHtml, validateWithW3c, w3cCheckerUnavailable, type HtmlFinding } from "./html-check";
import { checkJsonLd, extractJsonLdBlocks } from "./json-ld";
import { measurePage, stopMeasurements } from "./measure";
import { kib, measureGzipBytes, summarizeNetwork } from "./network";
import { choosePages, jsonLdExpectations, type AuditPageType } from "./page-types";
import { buildReport, consoleReport, emptyFindings, emptyMetrics, failedPageRow, markdownReport, missingPageRow, pageRow, type PageRow } from "./report";
import { startSiteServer, type SiteServer } from "./site-server";
import { loadVocabulary, type Vocabulary } from "@mainstreet/rules/site/schema-vocabulary";

const REPO_ROOT = path.resolve(__dirname, "../..");
const OUT_DIR = path.join(REPO_ROOT, "audit");
const WORK_DIR = path.join(OUT_DIR, ".work");

const say = (line: string) => process.stdout.write(`${line}\n`);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function knownSites(): string[] {
  const dataDir = path.join(REPO_ROOT, "data");
  return fs.readdirSync(dataDir).filter((name) => fs.existsSync(path.join(dataDir, name, "business.json")));
}

/**
 * Builds the sample (or takes public/ as it is) and copies the result aside, holding the build lock only
 * for that. The build's output goes to a log file; its tail is shown when it fails.
 */
function buildSnapshot(dataFile: string, workDir: string, snapshotDir: string, build: boolean): void {
  const wrapped = underBuildLock(process.execPath, [path.join(REPO_ROOT, "scripts", "audit", "build-snapshot.mjs"), dataFile, snapshotDir, ...(build ? [] : ["--no-build"])]);
  const logFile = path.join(workDir, "build.log");
  say(`  ${wrapped.locked ? "waiting for the build lock, then " : ""}${build ? "building" : "copying public/"} (log: ${path.relative(REPO_ROOT, logFile)})…`);
  const log = fs.openSync(logFile, "w");
  const started = Date.now();
  const result = spawnSync(wrapped.command, wrapped.args, { cwd: REPO_ROOT, stdio: ["ignore", log, log], env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } });
  fs.closeSync(log);
  if (result.status !== 0) {
    const tail = fs.readFileSync(logFile, "utf8").split("\n").filter((line) => line.trim() !== "").slice(-25).join("\n");
    say(tail);
    throw new Error(`${build ? "build" : "copy of public/"} for ${dataFile} failed with exit code ${result.status ?? result.signal} (log: ${path.relative(REPO_ROOT, logFile)})`);
  }
  say(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s (lock wait included)`);
}

interface Tools {
  /** The W3C checker's errors per page path, when it could run (html-check.ts). */
  w3c?: Map<string, HtmlFinding[]>;
  vocabulary: Vocabulary;
  budgets: Budgets;
  gzipCache: Map<string, number>;
  workDir: string;
  /** `--check`: measure only what a gated budget reads. */
  gatedOnly: boolean;
}

/**
 * Pages measured at once. With `--check` every gated figure is a score, a count or a byte total that
 * does not depend on how busy the machine is, and a page's Lighthouse and axe runs spend much of their
 * time waiting on the page (network quiet, load, idle): two at once use both CPU cores. The full audit
 * also reports load times, which a second page measured beside it would inflate, so it measures one at a time.
 */
const CHECK_CONCURRENCY = Number(process.env.AUDIT_CONCURRENCY ?? 2);

async function auditPage(site: string, business: Business, pageType: AuditPageType, page: PageSpec, origin: string, tools: Tools, slot: number): Promise<PageRow> {
  const url = `${origin}${page.path}`;
  const metrics: PageMetrics = emptyMetrics();
  const findings = emptyFindings();

  try {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`GET ${page.path}: expected status 200, got ${response.status}`);
    const html = await response.text();
    findings.html = [...(await validateHtml(html, `${site}${page.path}index.html`)), ...(tools.w3c?.get(page.path) ?? [])];
    metrics.htmlErrors = findings.html.length;
    const blocks = extractJsonLdBlocks(html);
    findings.jsonLd = { blocks: blocks.length, problems: checkJsonLd(blocks, jsonLdExpectations(business, page), tools.vocabulary) };
    metrics.jsonLdErrors = findings.jsonLd.problems.length;
  } catch (error) {
    findings.errors.push(`html/json-ld: ${message(error)}`);
  }

  const measured = await measurePage(url, tools.workDir, tools.gatedOnly, slot);
  findings.errors.push(...measured.errors);
  const outcome = measured.lighthouse;
  if (outcome) {
    metrics.performance = outcome.scores.performance;
    metrics.accessibility = outcome.scores.accessibility;
    metrics.bestPractices = outcome.scores.bestPractices;
    metrics.seo = outcome.scores.seo;
    metrics.lcpMs = outcome.lcpMs;
    metrics.tbtMs = outcome.tbtMs;
    metrics.cls = outcome.cls;
    findings.lighthouse = outcome.findings;
    try {
      const sizes = await measureGzipBytes(outcome.requests, origin, tools.gzipCache);
      const network = summarizeNetwork(outcome.requests, sizes);
      if (network.requests > 0) {
        metrics.jsKiB = kib(network.jsBytes);
        metrics.totalKiB = kib(network.totalBytes);
        metrics.requests = network.requests;
      }
      findings.scripts = network.scripts;
      findings.heaviest = network.heaviest;
      findings.failedRequests = network.failedRequests;
    } catch (error) {
      findings.errors.push(`page weight: ${message(error)}`);
    }
  }
  if (measured.axe) {
    findings.axe = measured.axe;
    metrics.axeViolations = measured.axe.length;
  }

  return pageRow(site, pageType, page.path, metrics, findings, tools.budgets);
}

/** The W3C checker over the built files of the audited pages (the server sends them as they are). */
function w3cFindings(snapshot: string, paths: string[]): Map<string, HtmlFinding[]> | undefined {
  const unavailable = w3cCheckerUnavailable();
  if (unavailable) {
    say(`  W3C checker not run: ${unavailable} (html-validate and the NUL check still run)`);
    return undefined;
  }
  const fileOf = (pagePath: string) => path.resolve(snapshot, `.${pagePath}`, "index.html");
  const started = Date.now();
  const byFile = validateWithW3c(paths.map(fileOf));
  say(`  W3C checker: ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return new Map(paths.map((pagePath) => [pagePath, byFile.get(fileOf(pagePath)) ?? []]));
}

async function auditSite(site: string, options: AuditOptions, tools: Omit<Tools, "workDir">, cleanups: Set<() => Promise<void>>): Promise<{ rows: PageRow[]; failed: boolean }> {
  const dataFile = path.join("data", site, "business.json");
  const { business, plan } = readSiteFile(path.join(REPO_ROOT, dataFile));
  const choices = choosePages(plan.pages, options.pages ?? undefined);
  const workDir = path.join(WORK_DIR, site);
  const snapshot = path.join(workDir, "public");
  fs.mkdirSync(workDir, { recursive: true });

  const failAll = (reason: string) => ({
    rows: choices.map(({ pageType, page }) => (page ? failedPageRow(site, pageType, page.path, reason, tools.budgets) : missingPageRow(site, pageType))),
    failed: true,
  });

  say(`\n=== ${site}: ${choices.filter((choice) => choice.page).length} page types to audit ===`);
  try {
    buildSnapshot(dataFile, workDir, snapshot, options.build);
  } catch (error) {
    say(`  ${message(error)}`);
    return failAll(message(error));
  }

  let server: SiteServer | undefined;
  const cleanup = async () => {
    await server?.stop();
  };
  cleanups.add(cleanup);
  try {
    const w3c = w3cFindings(snapshot, choices.flatMap(({ page }) => (page ? [page.path] : [])));
    server = await startSiteServer({ publicDir: snapshot, dataFile: path.join(REPO_ROOT, dataFile), workDir });
    say(`  serving the build at ${server.origin}`);
    // Rows keep the page types' order; each line is printed as its page finishes.
    const rows: PageRow[] = choices.map(({ pageType }) => missingPageRow(site, pageType));
    const origin = server.origin;
    let next = 0;
    const measureNext = async (slot: number): Promise<void> => {
      for (let index = next++; index < choices.length; index = next++) {
        const { pageType, page } = choices[index];
        if (!page) continue;
        const started = Date.now();
        const row = await auditPage(site, business, pageType, page, origin, { ...tools, w3c, workDir }, slot);
        rows[index] = row;
        const misses = row.checks.filter((check) => check.gate && (check.status === "fail" || check.status === "missing")).length;
        say(`  ${pageType.padEnd(16)} ${page.path.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s  ${misses === 0 ? "gated budgets hold" : `${misses} gated budget(s) missed`}`);
      }
    };
    const slots = tools.gatedOnly ? CHECK_CONCURRENCY : 1;
    await Promise.all(Array.from({ length: slots }, (_, slot) => measureNext(slot)));
    return { rows, failed: false };
  } catch (error) {
    say(`  ${message(error)}`);
    return failAll(message(error));
  } finally {
    await cleanup();
    cleanups.delete(cleanup);
  }
}

function writeReport(rows: PageRow[], budgets: Budgets, sites: string[]) {
  const report = buildReport(rows, budgets, BUDGETS_FILE, sites, new Date().toISOString());
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(path.join(OUT_DIR, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT_DIR, "report.md"), markdownReport(report));
  return report;
}

async function main(): Promise<number> {
  let options: AuditOptions;
  try {
    options = parseAuditArgs(process.argv.slice(2), knownSites());
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`audit: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    say(USAGE);
    return 0;
  }
  assertChromium();
  const budgets = loadBudgets(path.join(REPO_ROOT, BUDGETS_FILE));
  const vocabulary = loadVocabulary();
  const cleanups = new Set<() => Promise<void>>();
  const interrupt = (signal: NodeJS.Signals) => {
    stopMeasurements();
    void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  const rows: PageRow[] = [];
  let toolFailure = false;
  for (const site of options.sites) {
    const result = await auditSite(site, options, { vocabulary, budgets, gzipCache: new Map(), gatedOnly: options.check }, cleanups);
    rows.push(...result.rows);
    toolFailure ||= result.failed;
    writeReport(rows, budgets, options.sites);
  }
  const report = writeReport(rows, budgets, options.sites);
  say("");
  say(consoleReport(report));
  say(`\nWrote ${path.relative(process.cwd(), path.join(OUT_DIR, "report.md"))} and report.json.`);
  if (toolFailure) return 2;
  return options.check && report.gatedFailures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
