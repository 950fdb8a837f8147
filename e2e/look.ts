import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request } from "@playwright/test";
import { navigationVariant, type NavigationVariant } from "@mainstreet/rules/site/navigation-ui";
import { gzipBodyBytes } from "../scripts/audit/network";
import { artifactsDir, type siteUnderTest } from "./site";
import { FONTS_SEEN_KEY } from "../plugins/gatsby-theme-mainstreet-core/src/node/font-loader";
import { startApp } from "./app";

/**
 * The widths the look is checked at: phone, tablet, laptop (SPEC §9 ranges). The wide-monitor range
 * (1920 px and up) is not swept: no stylesheet rule and no component changes at its boundary, so a
 * 1920 px page is the 1280 px layout with wider margins (the container stops at --container), and
 * its scans would repeat the laptop's at minutes of CI time. E2E_WIDTHS narrows them for the extra recipe
 * runs of scripts/e2e.mjs (phone and laptop).
 */
const ALL_WIDTHS = [375, 800, 1280] as const;
export const WIDTHS: readonly number[] = process.env.E2E_WIDTHS ? process.env.E2E_WIDTHS.split(",").map(Number) : ALL_WIDTHS;
export const VIEWPORT_HEIGHT = 900;

/** The recipe provides mobile and desktop; tablets fall back to mobile (SPEC §2). */
export function expectedVariant(width: number): NavigationVariant {
  return navigationVariant(width, ["mobile", "desktop"]);
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** A Tuesday in spring, 11:00 in New York: inside every sample announcement's window, salons open. */
export const FIXED_NOW = new Date("2026-05-05T15:00:00Z");


/**
 * Makes the page's browser one that has had the recipe's web fonts before, so every page declares them in its head
 * and draws its first screen in them (node/font-loader.ts): a first visit draws it in the metric-matched
 * stand-ins and swaps once the page has loaded, at a moment a picture taken against a baseline cannot await. The
 * fonts' URLs are read from the served home page, as the loader lists them.
 */
export async function haveSeenFonts(page: Page): Promise<void> {
  const home = await (await page.request.get("/")).text();
  const loader = /<script data-font-loader[^>]*>([\s\S]*?)<\/script>/.exec(home)?.[1] ?? "";
  const urls = [...loader.matchAll(/"(\/fonts\/[^"]+\.woff2)"/g)].map((match) => match[1]);
  expect(urls.length, "the home page's head loads the recipe's web fonts").toBeGreaterThan(0);
  await page.addInitScript(([key, seen]) => window.localStorage.setItem(key, seen), [FONTS_SEEN_KEY, urls.join(" ")] as const);
}

export async function open(page: Page, target: string): Promise<void> {
  // The other recipes' look runs (scripts/e2e.mjs) check the settled page: with reduced motion the reveal
  // animations are already at their end, so no scan waits for them (the configured recipe's runs keep them).
  if (process.env.E2E_REDUCED_MOTION === "1") await page.emulateMedia({ reducedMotion: "reduce" });
  const response = await page.goto(target, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `${target} should answer`).toBeLessThan(500);
  await startApp(page);
}

/**
 * Brings the header's code (a deferred part, fetched when the visitor heads for it) and waits until it has
 * hydrated. A menu opened before then is the served popover (layout/native-tray.tsx, the dropdowns' served
 * lists), which the header takes over open: checks of the animated tray's accordion or a dropdown's popup
 * accordion come after this. Focus on the logo brings it; hover would also open a dropdown under the pointer.
 */
export async function loadHeaderCode(page: Page): Promise<void> {
  const logo = page.getByRole("banner").locator("a.logo");
  await logo.focus();
  await expect.poll(() => logo.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps")))).toBe(true);
  await logo.blur();
  // The desktop menus are a part of their own inside the header (a phone never loads them): where they show, a
  // focus in them loads theirs too, so a click then opens the animated dropdown rather than the served one.
  const menuLink = page.getByRole("banner").locator(".nav-desktop a").first();
  if (await menuLink.isVisible()) {
    await menuLink.focus();
    await expect.poll(() => menuLink.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps")))).toBe(true);
    await menuLink.blur();
  }
}

/** The maps service is not reachable from tests; a stand-in page keeps the iframe loading quietly. */
export async function stubThirdParties(page: Page): Promise<void> {
  await page.route(/^https:\/\/(www\.google\.com\/maps|www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Embedded content</title><p>Embedded content</p>" }),
  );
}

/**
 * Scrolls to the bottom in viewport steps and back, so lazy images load and reveal animations play out
 * before a screenshot or an audit.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += VIEWPORT_HEIGHT * 0.8) {
    // Two frames: the intersection observers of lazy images and parts have run for this screen by then.
    await page.evaluate((top) => {
      window.scrollTo(0, top);
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, y);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('[data-reveal-state="animating"], [data-reveal-state="preAnimating"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator(".site-header-slot")).toHaveAttribute("data-sticky", "false");
}

export type AxeRow = { site: string; template: string; path: string; width: number; state: string; violations: number; rules: string[] };

/** axe over the page, or over `include` (CSS selectors) only where the rest was just scanned unchanged. */
export async function audit(page: Page, context: { site: string; template: string; path: string; width: number; state: string }, include: readonly string[] = []): Promise<AxeRow> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const row: AxeRow = {
    ...context,
    violations: results.violations.reduce((sum, violation) => sum + violation.nodes.length, 0),
    rules: results.violations.map((violation) => `${violation.id} (${violation.nodes.length}): ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(" | ")}`),
  };
  recordAxe(row);
  return row;
}

/** Appends a row to e2e/artifacts/<site>/axe-results.jsonl, the source of the axe results table. */
function recordAxe(row: AxeRow): void {
  const dir = artifactsDir(row.site);
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, "axe-results.jsonl"), `${JSON.stringify(row)}\n`);
}

export function screenshotPath(site: string, name: string): string {
  return path.join(artifactsDir(site), "look", `${name}.png`);
}

/** The path a page type is checked at: the 404 page through a missing url. */
export function pathFor(planned: ReturnType<typeof siteUnderTest>["pages"][number]): string {
  return planned.template === "404" ? "/no-such-page-here/" : planned.path;
}

/**
 * How much of the focused element the sticky header or the announcement paints over, as the share of
 * 3×3 sample points inside it where one of them is the topmost element (0 = fully visible). Elements
 * inside those bars, and anything stacked above them (the focused skip link), are not covered.
 */
export async function focusedCoverage(page: Page): Promise<{ description: string; covered: number } | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const overlays = [document.querySelector<HTMLElement>('.site-header-slot[data-sticky="true"] .site-header'), document.querySelector<HTMLElement>(".announcement")].filter(
      (overlay): overlay is HTMLElement => overlay !== null && !overlay.contains(element),
    );
    let points = 0;
    let covered = 0;
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        const x = rect.left + rect.width * fx;
        const y = rect.top + rect.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        points += 1;
        const top = document.elementFromPoint(x, y);
        if (top && overlays.some((overlay) => overlay.contains(top))) covered += 1;
      }
    }
    const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return { description: `${element.tagName.toLowerCase()} "${label}"`, covered: points === 0 ? 1 : covered / points };
  });
}

/** Widths no page may scroll sideways at: the narrowest phone, a common phone, a tablet, a laptop. */
export const FIT_WIDTHS = [320, 375, 768, 1280] as const;

/**
 * Resizes the loaded page through each width and names what sticks out where the page is wider than the
 * viewport. One load serves every width: the layout is CSS media queries and the navigation variant
 * follows matchMedia, both live on resize.
 */
export async function sidewaysOverflow(page: Page, widths: readonly number[] = FIT_WIDTHS): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // The culprit (the element reaching furthest right) is looked for only when the page overflows: it
    // reads the box and style of every element, which on a long page costs more than the check itself.
    const widest = await page.evaluate((viewport) => {
      const pageWidth = document.documentElement.scrollWidth;
      if (pageWidth <= viewport) return { page: pageWidth, culprit: "" };
      const culprit = [...document.querySelectorAll("body *")]
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter(({ element }) => getComputedStyle(element).position !== "fixed")
        .sort((a, b) => b.right - a.right)
        .slice(0, 1)
        .map(({ element, right }) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} ends at ${Math.round(right)}px`)[0];
      return { page: pageWidth, culprit };
    }, width);
    if (widest.page > width) problems.push(`${width}px: the page is ${widest.page}px wide; ${widest.culprit}`);
  }
  return problems;
}

/** Every console error and uncaught exception of the page from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * The scripts of `origin` a page asks for while `opening` runs and until the network is idle, and what they
 * weigh as the JavaScript budget counts it: each body as the service sends it gzip.
 */
export async function scriptsLoaded(page: Page, origin: string, opening: () => Promise<void>): Promise<{ scripts: Set<string>; kib: number }> {
  const scripts = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.resourceType() === "script" && request.url().startsWith(origin)) scripts.add(request.url());
  };
  page.on("request", onRequest);
  try {
    await opening();
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("request", onRequest);
  }
  const bytes = await Promise.all([...scripts].map((url) => gzipBodyBytes(url)));
  return { scripts, kib: bytes.reduce((sum, size) => sum + size, 0) / 1024 };
}
