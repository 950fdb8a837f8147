/**
 * `npm run showcase`: builds every sample business in every recipe, photographs the first screen
 * of its home, menu or services, an item and contact pages at a phone and a laptop width, measures each
 * page's full height at 375 px and the home page's JavaScript, and writes one contact sheet,
 * showcase/index.html, so a merchant can compare the recipes on their own kind of business.
 *
 * One build at a time (the machine's build lock); each build is served the way production serves it.
 * Options: SHOWCASE_SAMPLES=salon,restaurant and SHOWCASE_RECIPES=muse,cutilier narrow the sheet.
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import { readSiteFile } from "@mainstreet/rules/business/load-site";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";
import { gzipBodyBytes } from "../audit/network";
import { startSiteServer } from "../audit/site-server";

const ROOT = path.resolve(__dirname, "../..");
const OUT = path.join(ROOT, "showcase");
const WIDTHS = [375, 1280] as const;
const HEIGHT = 900;
const SHOWN_TEMPLATES = ["home", "services", "service-item", "contact"] as const;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const recipes = require(path.join(ROOT, "plugins", "gatsby-theme-mainstreet-core", "recipe.js")) as { builtRecipes(root: string): string[] };

interface Shot {
  template: string;
  path: string;
  width: number;
  file: string;
  /** The full page's height at this width, in CSS pixels. */
  pageHeight: number;
}

interface Sheet {
  sample: string;
  recipe: string;
  buildSeconds: number;
  homeJsKiB: number;
  shots: Shot[];
}

const list = (value: string | undefined, all: string[]) => (value ? value.split(",").filter(Boolean) : all);
const samples = list(
  process.env.SHOWCASE_SAMPLES,
  fs.readdirSync(path.join(ROOT, "data")).filter((entry) => fs.existsSync(path.join(ROOT, "data", entry, "business.json"))),
);
const recipeNames = list(process.env.SHOWCASE_RECIPES, recipes.builtRecipes(ROOT));

function pagesOf(sample: string): PageSpec[] {
  const { pages } = readSiteFile(path.join(ROOT, "data", sample, "business.json")).plan;
  return SHOWN_TEMPLATES.map((template) => pages.find((page) => page.template === template)).filter((page): page is PageSpec => page !== undefined);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].filter((image) => image.getBoundingClientRect().top < window.innerHeight).map((image) => image.decode().catch(() => undefined)));
  });
}

/** The home page's scripts as the audit and recipe-look count them: each body as the server sends it gzip. */
async function homeJavaScriptKiB(page: Page, origin: string): Promise<number> {
  const scripts = new Set<string>();
  const listener = (request: import("@playwright/test").Request) => {
    if (request.resourceType() === "script" && request.url().startsWith(origin)) scripts.add(request.url());
  };
  page.on("request", listener);
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
  page.off("request", listener);
  const bytes = await Promise.all([...scripts].map((url) => gzipBodyBytes(url)));
  return bytes.reduce((sum, size) => sum + size, 0) / 1024;
}

async function photograph(sample: string, recipe: string): Promise<Sheet> {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SITE_DATA: path.join("data", sample, "business.json"), SITE_RECIPE: recipe, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  const workDir = fs.mkdtempSync(path.join(OUT, ".work-"));
  const server = await startSiteServer({ publicDir: path.join(ROOT, "public"), dataFile: path.join(ROOT, "data", sample, "business.json"), workDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const shots: Shot[] = [];
    let homeJsKiB = 0;
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: HEIGHT }, reducedMotion: "reduce" });
      const page = await context.newPage();
      if (width === WIDTHS[0]) homeJsKiB = await homeJavaScriptKiB(page, server.origin);
      for (const planned of pagesOf(sample)) {
        await page.goto(`${server.origin}${planned.path}`, { waitUntil: "networkidle" });
        // The announcement's place is held from the first paint; photograph it once its delay has passed.
        await page
          .locator('.announcement-slot[data-timed-state="held"]')
          .waitFor({ state: "detached", timeout: 15_000 })
          .catch(() => undefined);
        await settle(page);
        const file = path.join(sample, `${recipe}-${planned.template}-${width}.png`);
        fs.mkdirSync(path.join(OUT, sample), { recursive: true });
        await page.screenshot({ path: path.join(OUT, file), animations: "disabled" });
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        shots.push({ template: planned.template, path: planned.path, width, file, pageHeight });
      }
      await context.close();
    }
    return { sample, recipe, buildSeconds, homeJsKiB, shots };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function contactSheet(sheets: Sheet[]): string {
  const rows = samples
    .map((sample) => {
      const cells = recipeNames
        .map((recipe) => sheets.find((sheet) => sheet.sample === sample && sheet.recipe === recipe))
        .filter((sheet): sheet is Sheet => sheet !== undefined)
        .map((sheet) => {
          const at375 = sheet.shots.filter((shot) => shot.width === 375);
          const figures = at375.map((shot) => `${shot.template} ${shot.pageHeight.toLocaleString("en-US")} px`).join(" · ");
          const images = sheet.shots
            .map(
              (shot) =>
                `<a href="${escapeHtml(shot.file)}"><img src="${escapeHtml(shot.file)}" width="${shot.width === 375 ? 94 : 320}" alt="${escapeHtml(`${sheet.recipe}, ${shot.template} page at ${shot.width} px`)}" loading="lazy"></a>`,
            )
            .join("");
          return `<section><h3>${escapeHtml(sheet.recipe)}</h3><div class="shots">${images}</div><p>Height at 375 px: ${escapeHtml(figures)}. JavaScript on the home page: ${sheet.homeJsKiB.toFixed(1)} KiB gzip.</p></section>`;
        })
        .join("\n");
      return `<h2>${escapeHtml(sample)}</h2>\n${cells}`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mainstreet recipes: contact sheet</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #1d1d1f; }
section { margin-block: 1.5rem; border-top: 1px solid #ccc; padding-top: 0.5rem; }
.shots { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
.shots img { border: 1px solid #ddd; height: auto; }
</style></head><body>
<h1>Mainstreet recipes</h1>
<p>Every sample business in every recipe: the first screen of the home, menu or services, an item and the contact page at 375 and 1280 px. Built ${new Date().toISOString().slice(0, 10)} by <code>npm run showcase</code>.</p>
${rows}
</body></html>
`;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const sheets: Sheet[] = [];
  for (const sample of samples) {
    for (const recipe of recipeNames) {
      console.log(`showcase: ${sample} in ${recipe}…`);
      const sheet = await photograph(sample, recipe);
      sheets.push(sheet);
      const heights = sheet.shots.filter((shot) => shot.width === 375).map((shot) => `${shot.template} ${shot.pageHeight}px`);
      console.log(`showcase: ${sample} in ${recipe}: built in ${sheet.buildSeconds} s; at 375 px ${heights.join(", ")}; home JS ${sheet.homeJsKiB.toFixed(1)} KiB gzip`);
      // Written after every build, so an interrupted run still leaves a sheet of what it photographed.
      fs.writeFileSync(path.join(OUT, "index.html"), contactSheet(sheets));
      fs.writeFileSync(path.join(OUT, "figures.json"), `${JSON.stringify(sheets, null, 2)}\n`);
    }
  }
  console.log(`showcase: ${path.relative(ROOT, path.join(OUT, "index.html"))} (${sheets.length} builds)`);
}

main().catch((error: unknown) => {
  console.error(`showcase: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
