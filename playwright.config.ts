import { defineConfig } from "@playwright/test";

/**
 * e2e runs against a production build served on localhost, in Debian's Chromium (never Playwright's
 * own download). scripts/e2e.mjs builds each sample business and runs this config once per build.
 */
const port = Number(process.env.E2E_PORT ?? 9100);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "test-results",
  // Visual baselines (e2e/visual.e2e.ts) are committed, one PNG per recipe, page type and width.
  snapshotPathTemplate: "{testDir}/visual/{arg}{ext}",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: `test-results/e2e-${process.env.E2E_RUN ?? process.env.E2E_SITE ?? "salon"}.json` }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node scripts/serve.mjs`,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
