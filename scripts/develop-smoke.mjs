// Smoke test of `npm run develop` (gatsby develop with the API beside it), the server developers work in
// and no production build exercises: it starts it on the salon, opens one page of every template in
// Chromium and fails on any console error, hydration warning, uncaught error or failed request, then stops
// it. One start, bounded by DEVELOP_SMOKE_TIMEOUT_MS; develop's port is DEVELOP_SMOKE_PORT, the API's the next.
//
// Plain Node: the page plan and browser settings are TypeScript, loaded through tsx's scoped import, so
// nothing in this file is rewritten by tsx before Playwright sends it into the page.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { tsImport } from "tsx/esm/api";
import { baseEnv, ensureChromium, root } from "./lib.mjs";

const port = Number(process.env.DEVELOP_SMOKE_PORT ?? 9236);
const timeoutMs = Number(process.env.DEVELOP_SMOKE_TIMEOUT_MS ?? 15 * 60_000);
const dataFile = "data/salon/business.json";
const origin = `http://127.0.0.1:${port}`;
// develop builds a template's code the first time a page of it is asked for: the first pages are slow.
const PAGE_TIMEOUT_MS = 180_000;

const { loadBusinessFile } = await tsImport("@mainstreet/rules/business/load", import.meta.url);
const { planPages } = await tsImport("@mainstreet/rules/site/page-plan", import.meta.url);
const { CHROME_FLAGS, CHROME_PATH } = await tsImport("./audit/browser.ts", import.meta.url);

/** One path per template, the first the plan makes of each. */
function onePathPerTemplate() {
  const loaded = loadBusinessFile(path.join(root, dataFile));
  if (!loaded.ok) throw new Error(loaded.problems.join("\n"));
  const seen = new Set();
  return planPages(loaded.business)
    .pages.filter((page) => !seen.has(page.template) && seen.add(page.template))
    .map((page) => ({ template: page.template, path: page.path }));
}

function startDevelop(dataDir) {
  // Its own process group, so stopping it stops gatsby, its workers and the API service too.
  const child = spawn(process.execPath, [path.join(root, "scripts", "develop.mjs")], {
    cwd: root,
    env: { ...baseEnv, SITE_DATA: dataFile, HOST: "127.0.0.1", PORT: String(port), API_PORT: String(port + 1), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk) => (output = (output + chunk.toString("utf8")).slice(-8000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited, output: () => output };
}

async function stopDevelop(develop) {
  if (develop.child.exitCode !== null || develop.child.signalCode !== null) return;
  process.kill(-develop.child.pid, "SIGTERM");
  const killer = setTimeout(() => process.kill(-develop.child.pid, "SIGKILL"), 15_000);
  await develop.exited;
  clearTimeout(killer);
}

/** Resolves when develop answers its home page, rejects when it exits first. */
async function developReady(develop) {
  for (;;) {
    if (develop.child.exitCode !== null) throw new Error(`gatsby develop exited (${develop.child.exitCode}) before serving:\n${develop.output()}`);
    const answer = await fetch(`${origin}/`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** What went wrong on one page: console errors, hydration warnings, uncaught errors, failed requests. */
async function visit(browser, page) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const problems = [];
  // The 404 page is the one page whose own answer is a 404 (which Chromium also logs).
  const expected = page.template === "404" ? `${origin}${page.path}` : null;
  tab.on("console", (message) => {
    if (expected && message.location().url === expected && message.text().startsWith("Failed to load resource")) return;
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  tab.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  tab.on("response", (response) => {
    if (response.status() >= 400 && response.url().startsWith(origin) && response.url() !== expected) problems.push(`${response.status()} ${response.url()}`);
  });
  try {
    await tab.goto(`${origin}${page.path}`, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
    await tab.waitForSelector('html[data-hydrated="true"]', { state: "attached", timeout: PAGE_TIMEOUT_MS });
    // What React and Gatsby do right after hydration (develop's own indicators, deferred parts) logs by then.
    await tab.waitForLoadState("networkidle", { timeout: PAGE_TIMEOUT_MS });
  } catch (error) {
    problems.push(`did not load and hydrate: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  await context.close();
  return problems;
}

async function main() {
  ensureChromium();
  const pages = onePathPerTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-develop-smoke-"));
  const develop = startDevelop(dataDir);
  const deadline = setTimeout(() => {
    console.error(`develop smoke: over ${timeoutMs / 1000} s, stopping`);
    void stopDevelop(develop).then(() => process.exit(1));
  }, timeoutMs);
  let failed = 0;
  let browser;
  try {
    await developReady(develop);
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
    for (const page of pages) {
      const problems = await visit(browser, page);
      failed += problems.length > 0 ? 1 : 0;
      console.log(`${problems.length === 0 ? "ok  " : "FAIL"} ${page.template} ${page.path}`);
      for (const problem of problems) console.log(`       ${problem}`);
    }
  } catch (error) {
    failed += 1;
    console.error(error instanceof Error ? error.message : String(error));
  } finally {
    await browser?.close();
    await stopDevelop(develop);
    clearTimeout(deadline);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`develop smoke: ${pages.length - Math.min(failed, pages.length)} of ${pages.length} page types clean under gatsby develop`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
