/**
 * `npm run bench:taps`: how long a visitor's tap waits for the page to answer, on a phone, before and after the
 * page's code has arrived. For the salon and the restaurant (production builds, served as in production by
 * scripts/serve.mjs with the API service), each control (the header menu, a desktop dropdown, the hours popup,
 * Add, Like, a review star, a form field, a booking time) is tapped at load and 1, 3 and 6 s after, each in a
 * fresh browser context (nothing cached), with the CPU slowed 4× and the network at slow 4G (150 ms, 1.6 Mbps
 * down, 750 kbps up), as Lighthouse's mobile profile. The time is measured in the page from the finger's
 * `pointerdown` to the frame that shows the answer (tap-probe.ts). Prints the table; writes audit/bench-taps.md
 * and .json. It measures; it asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import { BLOCKED_URL_PATTERNS, CHROME_FLAGS, CHROME_PATH, assertChromium } from "../audit/browser";
import { underBuildLock } from "../audit/build-lock";
import { startSiteServer, type SiteServer } from "../audit/site-server";
import { PROBE_SCRIPT, READ_PROBE, armProbe, type ProbeSpec } from "./tap-probe";
import { MOMENTS, GOAL_MS, missedGoals, tapsTable, type ControlFigures, type TapRun } from "./taps-table";

const REPO_ROOT = path.resolve(__dirname, "../..");
const OUT_DIR = path.join(REPO_ROOT, "audit");
const SITES = ["salon", "restaurant"] as const;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
/** Lighthouse's "slow 4G" and its mobile CPU slowdown. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const WAIT_MS = 15_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage: npm run bench:taps -- [--sites salon,restaurant] [--rounds <n>] [--only <control>] [--no-build] [--keep]

  --sites     the samples to measure (default salon,restaurant)
  --rounds    taps per control and moment, each in a fresh context (default 3)
  --only      measure only the controls whose name contains this text
  --no-build  measure public/ as built (one site only), and no build of it
  --keep      keep the work folder with the snapshots`;

interface Options {
  sites: string[];
  rounds: number;
  only: string | null;
  build: boolean;
  keep: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { sites: [...SITES], rounds: 3, only: null, build: true, keep: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    if (flag === "--no-build") options.build = false;
    else if (flag === "--keep") options.keep = true;
    else if (flag === "--sites" && value) {
      options.sites = value.split(",").filter(Boolean);
      const unknown = options.sites.filter((site) => !fs.existsSync(path.join(REPO_ROOT, "data", site, "business.json")));
      if (unknown.length > 0) throw new Error(`--sites: no data/<site>/business.json for ${unknown.join(", ")}`);
      index += 1;
    } else if (flag === "--rounds" && value) {
      options.rounds = Number(value);
      if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error(`--rounds: expected a whole number from 1, got ${JSON.stringify(value)}`);
      index += 1;
    } else if (flag === "--only" && value) {
      options.only = value;
      index += 1;
    } else throw new Error(`expected --sites, --rounds, --only, --no-build or --keep, got ${JSON.stringify(flag)}`);
  }
  if (!options.build && options.sites.length > 1) throw new Error("--no-build measures the one site in public/: name it with --sites");
  return options;
}

/**
 * A control to tap: the page it is on, how to find it, and what answers it. `reach` finds the address of a control
 * the page shows only after a few steps (the booking flow's times); the clock then starts when it appears.
 */
interface Control {
  name: string;
  path: string | null;
  viewport: typeof PHONE | typeof DESKTOP;
  /** The controls of its kind; the first (or `nth`) is tapped. */
  selector: string;
  nth?: number;
  shows: string | null;
  done: string | null;
  reach?: (page: Page, origin: string) => Promise<string | null>;
}

function controlsOf(site: string): Control[] {
  const { plan, business } = readSiteFile(path.join(REPO_ROOT, "data", site, "business.json"));
  const pathOf = (template: string) => plan.pages.find((page) => page.template === template)?.path ?? null;
  const ordering = (business as { ordering?: { enabled?: boolean } }).ordering?.enabled === true;
  return [
    { name: "header menu", path: "/", viewport: PHONE, selector: "button.nav-toggle", shows: "#site-menu-tray, :popover-open", done: null },
    {
      name: "dropdown (1280 px)",
      path: "/",
      viewport: DESKTOP,
      selector: ".site-header__nav button[popovertarget]",
      shows: "[id^='nav-panel-'], :popover-open",
      done: null,
    },
    { name: "hours popup", path: pathOf("contact"), viewport: PHONE, selector: ".hours-popup button[popovertarget]", shows: ".hours-popup__panel, :popover-open", done: null },
    {
      name: "Add",
      path: ordering ? (pathOf("services") ?? pathOf("products")) : null,
      viewport: PHONE,
      selector: "button.add-to-cart",
      shows: "[role=dialog]",
      done: null,
    },
    { name: "like", path: pathOf("service-item"), viewport: PHONE, selector: "button.like-button", shows: null, done: "aria-pressed" },
    { name: "review star", path: pathOf("location"), viewport: PHONE, selector: ".form-rating label", nth: 3, shows: null, done: "checked" },
    { name: "form field", path: pathOf("contact"), viewport: PHONE, selector: 'main form input[name="name"]', shows: null, done: "focus" },
    {
      name: "booking time",
      path: pathOf("appointments"),
      viewport: PHONE,
      selector: ".booking-step--times .booking-choice",
      shows: null,
      done: "checked",
      reach: reachBookingTimes,
    },
  ];
}

/** Walks the booking flow once (the first choice of each step) to the address that opens at its times. */
async function reachBookingTimes(page: Page, origin: string): Promise<string | null> {
  await page.goto(`${origin}/book/`, { waitUntil: "load" });
  const times = page.getByRole("group", { name: /Choose a time/ });
  for (let step = 0; step < 8; step += 1) {
    const picked = await Promise.race([
      times.waitFor({ state: "visible", timeout: 20_000 }).then(() => "times" as const),
      page.locator(".booking-step input[type=radio]").first().waitFor({ state: "visible", timeout: 20_000 }).then(() => "step" as const),
    ]).catch(() => null);
    if (picked === null) return null;
    if (await times.isVisible()) return page.url();
    await page.locator(".booking-step input[type=radio]").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator(".booking-step").first().waitFor({ state: "visible" });
  }
  return null;
}

/**
 * Third parties the samples name but this machine cannot reach. Blocked in the browser's network stack
 * (`Network.setBlockedURLs`, as Lighthouse blocks them), not with Playwright's `route`: routing turns off the HTTP
 * cache, so every file the page prefetched for the tap would be downloaded again after it.
 */
const BLOCKED = [...BLOCKED_URL_PATTERNS, "*google.com/recaptcha*"];

async function throttled(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", { urls: BLOCKED });
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** Opens the page, waits for its load (or for the control, when it comes later), then taps at the moment. */
async function tapOnce(browser: Browser, url: string, control: Control, moment: number): Promise<TapRun> {
  const phone = control.viewport === PHONE;
  const context = await browser.newContext({ viewport: control.viewport, isMobile: phone, hasTouch: phone, serviceWorkers: "block" });
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await throttled(context, page);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const target = page.locator(control.selector).nth(control.nth ?? 0);
    if (control.reach) await target.waitFor({ state: "visible", timeout: 30_000 });
    const start = Date.now();
    if ((await target.count()) === 0) return { ack: null, done: null };
    // The visitor scrolls to it at once, then taps where it is at the moment (content may have moved meanwhile).
    await target.evaluate((element: Element) => element.scrollIntoView({ block: "center" }));
    const spec: ProbeSpec = { selector: control.selector, shows: control.shows, done: control.done, waitMs: WAIT_MS };
    await page.evaluate(armProbe(spec));
    const wait = moment * 1000 - (Date.now() - start);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const box = await target.boundingBox();
    if (!box) return { ack: null, done: null };
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (phone) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    // Polled with evaluate: waitForFunction compiles its expression in the page, which the site's CSP refuses.
    const until = Date.now() + WAIT_MS + 10_000;
    while (Date.now() < until) {
      const run = (await page.evaluate(READ_PROBE)) as TapRun | null;
      if (run) return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ack: null, done: null };
  } catch (error) {
    say(`    ${control.name} @ ${moment} s: ${(error as Error).message.split("\n")[0]}`);
    return { ack: null, done: null };
  } finally {
    await context.close();
  }
}

function snapshot(site: string, dir: string, build: boolean): void {
  const script = path.join(REPO_ROOT, "scripts", "audit", "build-snapshot.mjs");
  const wrapped = underBuildLock(process.execPath, [script, path.join(REPO_ROOT, "data", site, "business.json"), dir, ...(build ? [] : ["--no-build"])]);
  const result = spawnSync(wrapped.command, wrapped.args, { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`building ${site} exited with ${result.status ?? result.signal}`);
}

async function measureSite(browser: Browser, site: string, origin: string, options: Options): Promise<ControlFigures[]> {
  const figures: ControlFigures[] = [];
  for (const control of controlsOf(site)) {
    if (options.only && !control.name.includes(options.only)) continue;
    let url = control.path ? `${origin}${control.path}` : null;
    if (url && control.reach) {
      const context = await browser.newContext({ viewport: control.viewport, serviceWorkers: "block" });
      url = await control.reach(await context.newPage(), origin).catch(() => null);
      await context.close();
    }
    const row: ControlFigures = { site, control: control.name, path: control.path ?? "(none)", runs: MOMENTS.map(() => []) };
    if (url) {
      for (let round = 0; round < options.rounds; round += 1) {
        for (const [index, moment] of MOMENTS.entries()) {
          const run = await tapOnce(browser, url, control, moment);
          row.runs[index].push(run);
          say(`  ${site} ${control.name} @ ${moment} s, round ${round + 1}/${options.rounds}: ack ${run.ack === null ? "none" : `${Math.round(run.ack)} ms`}, done ${run.done === null ? "none" : `${Math.round(run.done)} ms`}`);
        }
      }
    } else say(`  ${site} ${control.name}: no such control`);
    figures.push(row);
  }
  return figures;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:taps: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  assertChromium();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-taps-"));
  const servers: SiteServer[] = [];
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => flag !== "--headless") });
  try {
    const figures: ControlFigures[] = [];
    for (const site of options.sites) {
      say(`▶ ${site}: snapshot${options.build ? " (build lock)" : ""}`);
      snapshot(site, path.join(work, site), options.build);
      fs.mkdirSync(path.join(work, `${site}-server`), { recursive: true });
      const server = await startSiteServer({ publicDir: path.join(work, site), dataFile: path.join(REPO_ROOT, "data", site, "business.json"), workDir: path.join(work, `${site}-server`) });
      servers.push(server);
      figures.push(...(await measureSite(browser, site, server.origin, options)));
      await server.stop();
    }
    const table = tapsTable(figures);
    const missed = missedGoals(figures);
    const note = `Median ms from pointerdown to the first frame that answers (then, after "/", to the frame that shows what the tap is for, where later), ${options.rounds} tap(s) per cell, each in a fresh context; phone 375 px (the dropdown at 1280 px), CPU ${CPU_SLOWDOWN}× slower, ${NETWORK.latency} ms RTT, 1.6 Mbps down; ${os.cpus().length} CPUs. Goal ≤ ${GOAL_MS} ms in every cell (✗ where missed).`;
    const verdict = missed.length === 0 ? "Every cell meets the goal." : `${missed.length} cell(s) miss the goal: ${missed.join(", ")}.`;
    say(`\n${table}\n\n${note}\n${verdict}`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUT_DIR, "bench-taps.json"), `${JSON.stringify({ generatedAt: new Date().toISOString(), cpus: os.cpus().length, rounds: options.rounds, figures }, null, 2)}\n`);
    fs.writeFileSync(path.join(OUT_DIR, "bench-taps.md"), `# Tap benchmark\n\n${table}\n\n${note}\n\n${verdict}\n`);
    say("\nWrote audit/bench-taps.md and audit/bench-taps.json.");
    return 0;
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
    if (options.keep) say(`Kept ${work}.`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:taps: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
