import { defineConfig } from "@playwright/test";
import { CHROME_FLAGS, CHROME_PATH } from "./scripts/audit/browser";

/**
 * e2e runs against a production build served on localhost, in Debian's Chromium (never Playwright's
 * own download). scripts/e2e.mjs builds each sample business and runs this config once per build.
 */
const port = Number(process.env.E2E_PORT ?? 9100);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  // Failure artefacts go in a folder of their own: Playwright empties its outputDir when a run starts, and
  // each build's JSON report (below, read by scripts/test.mjs and the recap in scripts/e2e.mjs) must
  // outlive the runs of the builds after it.
  outputDir: `test-results/playwright/${process.env.E2E_RUN ?? process.env.E2E_SITE ?? "salon"}`,
  // Visual baselines (e2e/visual.e2e.ts) are committed, one PNG per recipe, page type and width.
  snapshotPathTemplate: "{testDir}/visual/{arg}{ext}",
  // Two workers on the 2-core CI machine: a browser test mostly waits on its page, so two at once take
  // well under the time of one after the other (the look specs, whose tests share no state, spread their
  // tests over both; a file that keeps state between tests stays in one worker). E2E_WORKERS=1 to debug.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // Assertions wait for events (hydration marks <html>, a dialog opens); on a busy 2-core machine with
  // two workers hydration alone can pass 5 s. A longer wait costs nothing when the event comes sooner.
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: `test-results/e2e-${process.env.E2E_RUN ?? process.env.E2E_SITE ?? "salon"}.json` }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_FLAGS },
  },
  webServer: {
    command: `node scripts/serve.mjs`,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
