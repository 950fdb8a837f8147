/**
 * Debian's Chromium with the flags DESIGN.md prescribes (never Playwright's download), for the e2e config
 * and the browser measurements, and the settings of those measurements. The measurements themselves run in
 * measure-page.mjs (plain Node: tsx rewrites functions with a `__name` helper, which breaks the functions
 * Lighthouse and Playwright send into the page).
 */
import fs from "node:fs";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Tag manager is blocked so third-party timing never decides a budget. */
export const BLOCKED_URL_PATTERNS = ["*googletagmanager.com*"];

/** The Lighthouse categories whose scores `--check` gates (budgets.json). */
export const GATED_LIGHTHOUSE_CATEGORIES = ["accessibility", "best-practices", "seo"];
export const LIGHTHOUSE_CATEGORIES = ["performance", ...GATED_LIGHTHOUSE_CATEGORIES];
/** Outside the gated categories but needed by a gated budget: the requests give JS KiB and total KiB. */
export const GATED_EXTRA_AUDITS = ["network-requests"];

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe runs at both: the navigation differs between the phone tray and the desktop bar. */
export const VIEWPORTS = {
  mobile: { width: 412, height: 823, isMobile: true },
  desktop: { width: 1350, height: 940, isMobile: false },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function assertChromium(): void {
  if (!fs.existsSync(CHROME_PATH)) {
    throw new Error(`audit: expected Chromium at ${CHROME_PATH} (set CHROME_PATH, or apt-get install -y chromium), found nothing`);
  }
}
