/**
 * `npm run showcase:distance`: how far apart the five recipes look, as a matrix of the share of pixels in
 * which each pair's salon home page differs at 1280 px (scripts/showcase/recipe-distance-measure.ts), and a
 * failing exit when a pair is closer than 12 %.
 *
 * Without options it compares the committed visual baselines (e2e/visual/<recipe>-home-1280.png, the
 * first screen the visual spec photographs), so the answer is immediate and the same on every machine.
 * `--build` first builds the salon in each recipe, one build at a time under the machine's heavy-work lock
 * (MAINSTREET_HEAVY_LOCK, /tmp/mainstreet-heavy.lock), serves it as production does and photographs its
 * home page the way e2e/visual.e2e.ts does (frozen clock, the announcement shown, reduced motion, images
 * decoded), into showcase/distance/, then compares those. SHOWCASE_RECIPES=default,hibiscus narrows it.
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { startSiteServer } from "../audit/site-server";
import { formatMatrix, pairwiseDistances, readRgba, tooClose, MIN_RECIPE_DISTANCE } from "./recipe-distance-measure";

const ROOT = path.resolve(__dirname, "../..");
const SAMPLE_FILE = path.join(ROOT, "data", "salon", "business.json");
const BASELINES = path.join(ROOT, "e2e", "visual");
const SHOTS = path.join(ROOT, "showcase", "distance");
const VIEWPORT = { width: 1280, height: 900 };
/** The visual spec's clock (e2e/look.ts): a spring Tuesday morning, inside the announcement's window, the salon open. */
const FIXED_NOW = new Date("2026-05-05T15:00:00Z");
const LOCK = process.env.MAINSTREET_HEAVY_LOCK ?? "/tmp/mainstreet-heavy.lock";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const recipes = require(path.join(ROOT, "plugins", "gatsby-theme-mainstreet-core", "recipe.js")) as { builtRecipes(root: string): string[] };

const recipeNames = process.env.SHOWCASE_RECIPES ? process.env.SHOWCASE_RECIPES.split(",").filter(Boolean) : recipes.builtRecipes(ROOT);
const shotName = (recipe: string) => `${recipe}-home-1280.png`;

function build(recipe: string): void {
  const flock = ["/usr/bin/flock", "/bin/flock"].find((candidate) => fs.existsSync(candidate));
  const command = [process.execPath, path.join(ROOT, "scripts", "build.mjs")];
  const [file, ...args] = flock ? [flock, LOCK, ...command] : command;
  execFileSync(file, args, {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SITE_DATA: path.relative(ROOT, SAMPLE_FILE), SITE_RECIPE: recipe, GATSBY_TELEMETRY_DISABLED: "1" },
  });
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((image) => (image.loading === "lazy" && !image.complete ? new Promise((resolve) => image.addEventListener("load", resolve, { once: true })) : null)));
    await Promise.all(inView.map((image) => image.decode().catch(() => undefined)));
  });
}

async function photographHome(recipe: string, announcementDelay: number): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(path.dirname(SHOTS), ".distance-"));
  const server = await startSiteServer({ publicDir: path.join(ROOT, "public"), dataFile: SAMPLE_FILE, workDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install({ time: FIXED_NOW });
    await page.goto(`${server.origin}/`, { waitUntil: "domcontentloaded" });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
    await page.clock.runFor(announcementDelay + 100);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, shotName(recipe)), animations: "disabled", caret: "hide", scale: "css" });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const fresh = process.argv.includes("--build");
  const dir = fresh ? SHOTS : BASELINES;
  if (fresh) {
    fs.mkdirSync(SHOTS, { recursive: true });
    const loaded = loadBusinessFile(SAMPLE_FILE);
    if (!loaded.ok) throw new Error(`data/salon/business.json: ${loaded.problems.join("; ")}`);
    const delay = loaded.business.announcement?.settings.delay ?? 0;
    for (const recipe of recipeNames) {
      console.log(`recipe distance: building the salon in ${recipe}…`);
      build(recipe);
      await photographHome(recipe, delay);
    }
  }
  const images = new Map(await Promise.all(recipeNames.map(async (recipe) => [recipe, await readRgba(path.join(dir, shotName(recipe)))] as const)));
  const pairs = pairwiseDistances(images);
  console.log(`Share of pixels that differ, salon home at 1280 px (${path.relative(ROOT, dir)}):\n${formatMatrix(recipeNames, pairs)}`);
  const close = tooClose(pairs);
  if (close.length > 0) {
    console.error(`recipe distance: closer than ${MIN_RECIPE_DISTANCE * 100} %: ${close.map((pair) => `${pair.a}–${pair.b} ${(pair.share * 100).toFixed(1)} %`).join(", ")}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`recipe distance: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
