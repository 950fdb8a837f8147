// Measures one page in a fresh Chromium: Lighthouse (mobile, simulated throttling) then axe-core at each
// viewport. Plain Node on purpose (see browser.ts). Reads a job JSON file, writes a result JSON file:
//   job:    { url, chromePath, chromeFlags, blockedUrlPatterns, categories, audits?, axeTags, viewports, out }
//   result: { lhr?, lighthouseError?, axe?: [{ viewport, violations }], axeError? }
import fs from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const result = {};
const describe = (error) => (error instanceof Error ? error.message : String(error));

async function runLighthouse() {
  const chrome = await chromeLauncher.launch({ chromePath: job.chromePath, chromeFlags: job.chromeFlags, logLevel: "silent" });
  try {
    const run = await lighthouse(
      job.url,
      { port: chrome.port, logLevel: "error", output: "json" },
      {
        extends: "lighthouse:default",
        settings: { formFactor: "mobile", throttlingMethod: "simulate", onlyCategories: job.categories, ...(job.audits ? { onlyAudits: job.audits } : {}), blockedUrlPatterns: job.blockedUrlPatterns },
      },
    );
    if (!run) throw new Error(`Lighthouse returned no result for ${job.url}`);
    return run.lhr;
  } finally {
    chrome.kill();
  }
}

/** Scrolls to the bottom a screen at a time and back, so reveal-on-scroll content is shown, then lets animations end. */
const REVEAL = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) { window.scrollTo(0, y); await frame(); }
  window.scrollTo(0, 0);
  await frame();
  const finite = document.getAnimations().filter((animation) => animation.effect && animation.effect.getTiming().iterations !== Infinity);
  await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 5000))]);
})()`;

async function runAxe() {
  const browser = await chromium.launch({ executablePath: job.chromePath, args: job.chromeFlags });
  try {
    const perViewport = [];
    for (const [viewport, size] of Object.entries(job.viewports)) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: size.isMobile, hasTouch: size.isMobile });
      try {
        await context.route(/googletagmanager\.com/, (route) => route.abort());
        const page = await context.newPage();
        const response = await page.goto(job.url, { waitUntil: "networkidle", timeout: 60_000 });
        if (!response) throw new Error(`no response from ${job.url}`);
        await page.evaluate(REVEAL);
        const results = await new AxeBuilder({ page }).withTags(job.axeTags).analyze();
        perViewport.push({ viewport, violations: results.violations });
      } finally {
        await context.close();
      }
    }
    return perViewport;
  } finally {
    await browser.close();
  }
}

// A trace that fails to record (NO_NAVSTART, NO_FCP…) is usually the machine being busy: one more try.
const ATTEMPTS = 2;
for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
  try {
    result.lhr = await runLighthouse();
    delete result.lighthouseError;
    if (!result.lhr.runtimeError) break;
  } catch (error) {
    result.lighthouseError = describe(error);
  }
}
try {
  result.axe = await runAxe();
} catch (error) {
  result.axeError = describe(error);
}
fs.writeFileSync(job.out, JSON.stringify(result));
