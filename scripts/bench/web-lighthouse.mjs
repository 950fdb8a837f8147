// One Lighthouse run (mobile, simulated throttling, performance only) in a fresh Chromium, for bench:web.
// Plain Node on purpose (scripts/audit/browser.ts says why). Usage: node web-lighthouse.mjs <job.json>
//   job:    { url, chromePath, chromeFlags, out }
//   result: { performance, lcpMs, tbtMs, cls, fcpMs, mainThreadMs, jsBytes, prefetchedJsBytes, error? }
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const numeric = (lhr, id) => (typeof lhr.audits[id]?.numericValue === "number" ? lhr.audits[id].numericValue : null);

let result;
const chrome = await chromeLauncher.launch({ chromePath: job.chromePath, chromeFlags: job.chromeFlags, logLevel: "silent" });
try {
  const run = await lighthouse(
    job.url,
    { port: chrome.port, logLevel: "error", output: "json" },
    { extends: "lighthouse:default", settings: { formFactor: "mobile", throttlingMethod: "simulate", onlyCategories: ["performance"], blockedUrlPatterns: ["*googletagmanager.com*"] } },
  );
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${job.url}`);
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  result = {
    performance: lhr.categories.performance?.score ?? null,
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    mainThreadMs: numeric(lhr, "mainthread-work-breakdown"),
    jsBytes: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    // A <link rel=prefetch> is not a "Script" request to Lighthouse (it runs nothing): counted apart, by its file.
    prefetchedJsBytes: requests.filter((item) => item.resourceType !== "Script" && /\.js(?:[?#]|$)/.test(item.url)).reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
} catch (error) {
  result = { error: error instanceof Error ? error.message : String(error) };
} finally {
  chrome.kill();
}
fs.writeFileSync(job.out, JSON.stringify(result));
