/**
 * `npm run bench:workspace`: how long the merchant workspace takes to change screens with a busy queue. The
 * restaurant sample (it takes orders; a production build, served as in production by scripts/serve.mjs with the API
 * service and the workspace bundle) on a fresh private database with an owner account, 200 orders placed through
 * the public API as visitors' checkouts place them; the owner signs in at /manage/ in Chromium at 1280 px, the CPU is
 * slowed 4×, and each screen of the workspace navigation (and the Orders screen's views) is opened by a click, in
 * turn, twice per sign-in: the first change to a screen (its code may be fetched then) and a later one. Timed in the
 * page (workspace-probe.ts) from the click's `pointerdown` to the first frame showing the new screen past its loading
 * line. Prints the table; writes audit/bench-workspace.md and .json. It measures; it asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync, execFileSync } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import { MANAGE_SCREENS, manageHash, type ManageRoute } from "@mainstreet/rules/workspace/workspace";
import { buildManageApp } from "../../apps/manage/bundle";
import { CHROME_FLAGS, CHROME_PATH, assertChromium } from "../audit/browser";
import { underBuildLock } from "../audit/build-lock";
import { startSiteServer, type SiteServer } from "../audit/site-server";
import { SCREEN_PROBE_SCRIPT, READ_SCREEN_PROBE, armScreenProbe } from "./workspace-probe";
import { fillQueue } from "./workspace-orders";
import { SCREEN_CHANGE_GOAL_MS, missedChanges, workspaceTable, type ChangeRun, type ScreenFigures } from "./workspace-table";

const REPO_ROOT = path.resolve(__dirname, "../..");
const OUT_DIR = path.join(REPO_ROOT, "audit");
const SITE = "restaurant";
const DATA_FILE = path.join(REPO_ROOT, "data", SITE, "business.json");
const OWNER = { email: "owner@example.com", password: "copper kettle morning tide" };
const VIEWPORT = { width: 1280, height: 900 };
const CPU_SLOWDOWN = 4;
const WAIT_MS = 15_000;
/** Between two clicks: an owner reads a screen before leaving it, and what it fetched has landed. */
const SETTLE_MS = 600;
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage: npm run bench:workspace -- [--rounds <n>] [--orders <n>] [--no-build | --public <dir>] [--keep]

  --rounds    sign-ins, each opening every screen twice (first visit, later visit) (default 5)
  --orders    orders placed in the queue before the first sign-in (default 200)
  --no-build  serve public/ as built (it must be the restaurant's), and no build of it
  --public    serve this copy of a restaurant build instead of building one
  --keep      keep the work folder with the snapshot, the database and the service's log`;

interface Options {
  rounds: number;
  orders: number;
  build: boolean;
  publicDir: string | null;
  keep: boolean;
}

function wholeNumber(flag: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${flag}: expected a whole number from 1, got ${JSON.stringify(value)}`);
  return number;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { rounds: 5, orders: 200, build: true, publicDir: null, keep: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    if (flag === "--no-build") options.build = false;
    else if (flag === "--keep") options.keep = true;
    else if (flag === "--rounds") {
      options.rounds = wholeNumber(flag, value);
      index += 1;
    } else if (flag === "--orders") {
      options.orders = wholeNumber(flag, value);
      index += 1;
    } else if (flag === "--public" && value) {
      options.publicDir = path.resolve(value);
      if (!fs.existsSync(path.join(options.publicDir, "index.html"))) throw new Error(`--public: expected a built site (index.html) in ${options.publicDir}, found none`);
      index += 1;
    } else throw new Error(`expected --rounds, --orders, --no-build, --public or --keep, got ${JSON.stringify(flag)}`);
  }
  return options;
}

/** A link to click: the workspace navigation's, or a view link of the screen shown. */
interface Target {
  label: string;
  route: ManageRoute & { view: string | null };
  nav: "Workspace" | "Orders";
}

const capitalised = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

/**
 * The clicks of one pass, each made from the screen the one before opened: the Orders views first (the
 * workspace opens on the queue), then every other screen, then back to the queue through the navigation.
 */
const TARGETS: Target[] = [
  { label: "Orders › Recent", route: { screen: "orders", view: "recent" }, nav: "Orders" },
  { label: "Orders › Active", route: { screen: "orders", view: null }, nav: "Orders" },
  ...MANAGE_SCREENS.filter((screen) => screen !== "orders").map((screen): Target => ({ label: capitalised(screen), route: { screen, view: null }, nav: "Workspace" })),
  { label: "Orders (navigation)", route: { screen: "orders", view: null }, nav: "Workspace" },
];

async function poll<T>(page: Page, expression: string, accept: (value: T) => boolean, limitMs: number): Promise<T | null> {
  // Polled with evaluate: waitForFunction compiles its expression in the page, which the workspace's CSP refuses.
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const value = (await page.evaluate(expression)) as T;
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

async function change(page: Page, target: Target): Promise<ChangeRun> {
  const hash = manageHash(target.route);
  await page.evaluate(armScreenProbe({ hash, waitMs: WAIT_MS }));
  const link = page.getByRole("navigation", { name: target.nav, exact: true }).locator(`a[href="${hash}"]`);
  const box = await link.boundingBox();
  if (!box) throw new Error(`no link to ${hash} in the ${target.nav} navigation`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const run = await poll<ChangeRun | null>(page, READ_SCREEN_PROBE, (value) => value !== null, WAIT_MS + 10_000);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return run ?? { heading: null, shown: null };
}

/** Signs in (at full speed), waits for the queue's orders on screen, then slows the CPU. */
async function signIn(browser: Browser, origin: string, orders: number): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: "block" });
  await context.addInitScript({ content: SCREEN_PROBE_SCRIPT });
  const page = await context.newPage();
  await page.goto(`${origin}/manage/`, { waitUntil: "load" });
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The Active view's link counts the orders the queue holds, rendered or not.
  const active = `(document.querySelector('nav[aria-label="Orders"] a[href="#/orders"]') || {}).textContent || ""`;
  const held = await poll<string>(page, active, (text) => text.includes(`(${orders})`), 60_000);
  if (held === null) throw new Error(`expected the queue to hold ${orders} orders after signing in ("Active (${orders})"); it did not within 60 s`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return page;
}

async function measure(browser: Browser, origin: string, options: Options): Promise<ScreenFigures[]> {
  const figures: ScreenFigures[] = TARGETS.map((target) => ({ screen: target.label, hash: manageHash(target.route), first: [], later: [] }));
  for (let round = 0; round < options.rounds; round += 1) {
    const page = await signIn(browser, origin, options.orders);
    try {
      for (const pass of ["first", "later"] as const) {
        for (const [index, target] of TARGETS.entries()) {
          const run = await change(page, target);
          figures[index][pass].push(run);
          const ms = (value: number | null) => (value === null ? "none" : `${Math.round(value)} ms`);
          say(`  round ${round + 1}/${options.rounds}, ${pass} visit, ${target.label}: heading ${ms(run.heading)}, shown ${ms(run.shown)}`);
        }
      }
    } finally {
      await page.context().close();
    }
  }
  return figures;
}

function snapshot(dir: string, build: boolean): void {
  const script = path.join(REPO_ROOT, "scripts", "audit", "build-snapshot.mjs");
  const wrapped = underBuildLock(process.execPath, [script, DATA_FILE, dir, ...(build ? [] : ["--no-build"])]);
  const result = spawnSync(wrapped.command, wrapped.args, { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`building ${SITE} exited with ${result.status ?? result.signal}`);
}

/** The operators' CLI (`npm run merchant:add`, docs/merchant.md), with the password on its input. */
function addOwner(businessId: string, env: NodeJS.ProcessEnv): void {
  execFileSync(process.execPath, ["--import", "tsx", "server/scripts/merchant-add.ts", "--business", businessId, "--email", OWNER.email, "--role", "owner"], {
    cwd: REPO_ROOT,
    env,
    input: `${OWNER.password}\n`,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

function write(figures: ScreenFigures[], options: Options, firstLoadKib: number): void {
  const table = workspaceTable(figures);
  const missed = missedChanges(figures);
  const note = `Median ms from the click's pointerdown to the end of the first frame showing the new screen past its loading line (after its heading's, and a slash, where the heading came first), ${options.rounds} sign-in(s), each opening every screen twice (first visit, then a later one); ${options.orders} orders in the queue; Chromium at ${VIEWPORT.width} px, CPU ${CPU_SLOWDOWN}× slower; ${os.cpus().length} CPUs. Workspace first load: ${firstLoadKib.toFixed(1)} KiB of JavaScript gzip. Goal ≤ ${SCREEN_CHANGE_GOAL_MS} ms in every cell (✗ where missed).`;
  const verdict = missed.length === 0 ? "Every screen change meets the goal." : `${missed.length} cell(s) miss the goal: ${missed.join(", ")}.`;
  say(`\n${table}\n\n${note}\n${verdict}`);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const json = { generatedAt: new Date().toISOString(), cpus: os.cpus().length, rounds: options.rounds, orders: options.orders, cpuSlowdown: CPU_SLOWDOWN, firstLoadKib, figures };
  fs.writeFileSync(path.join(OUT_DIR, "bench-workspace.json"), `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT_DIR, "bench-workspace.md"), `# Workspace screen-change benchmark\n\n${table}\n\n${note}\n\n${verdict}\n`);
  say("\nWrote audit/bench-workspace.md and audit/bench-workspace.json.");
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:workspace: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  assertChromium();
  // What the public site shows: the items a visitor can order (hidden ones are refused).
  const { published: business } = readSiteFile(DATA_FILE);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bench-workspace-"));
  let server: SiteServer | null = null;
  let browser: Browser | null = null;
  try {
    let publicDir = options.publicDir;
    if (!publicDir) {
      say(`▶ ${SITE}: snapshot${options.build ? " (build lock)" : ""}`);
      publicDir = path.join(work, SITE);
      snapshot(publicDir, options.build);
    }
    say("▶ workspace bundle (apps/manage/build)");
    const bundle = await buildManageApp();
    const firstLoadKib = bundle.files.filter((file) => bundle.firstLoad.includes(file.file)).reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    fs.mkdirSync(path.join(work, "server"), { recursive: true });
    server = await startSiteServer({
      publicDir,
      dataFile: DATA_FILE,
      workDir: path.join(work, "server"),
      env: { DATABASE_URL: "", RATE_LIMIT_ORDERS_PER_MINUTE: "100000", RATE_LIMIT_LOGIN_PER_MINUTE: "1000" },
      prepare: (env) => addOwner(business.id, env),
    });
    say(`▶ ${options.orders} orders into ${business.name}'s queue`);
    await fillQueue(server.origin, business, options.orders);
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => flag !== "--headless") });
    say(`▶ screen changes at ${CPU_SLOWDOWN}× CPU`);
    write(await measure(browser, server.origin, options), options, firstLoadKib);
    return 0;
  } finally {
    await browser?.close();
    await server?.stop();
    if (options.keep) say(`Kept ${work}.`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:workspace: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
