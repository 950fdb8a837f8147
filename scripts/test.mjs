// `npm test`: unit and component tests (jest), API tests, a smoke test of `npm run develop`, then browser
// tests against production builds of every sample business. Installs what it needs first. Prints one
// closing "N passed, N failed" line.
import fs from "node:fs";
import path from "node:path";
import { baseEnv, buildWorkspace, ensureChromium, ensureDependencies, npx, root, run } from "./lib.mjs";

ensureDependencies();
// Component tests measure computed styles in Chromium too (brand-colour.test.tsx), not only the e2e step.
ensureChromium();
// The merchant workspace the service serves at /manage/: the browser tests sign in to it.
buildWorkspace();
const resultsDir = path.join(root, "test-results");
fs.mkdirSync(resultsDir, { recursive: true });
for (const stale of fs.readdirSync(resultsDir).filter((name) => name.endsWith(".json"))) fs.rmSync(path.join(resultsDir, stale));

const counts = { passed: 0, failed: 0 };
const failures = [];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function step(name, runStep, countFrom) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = runStep();
  console.log(`◀ ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  const tally = countFrom?.();
  if (tally) {
    counts.passed += tally.passed;
    counts.failed += tally.failed;
  }
  if (code !== 0) {
    failures.push(name);
    if (!tally || tally.failed === 0) counts.failed += 1;
  }
}

const only = process.env.TEST_ONLY?.split(",");
const wanted = (name) => !only || only.includes(name);

if (wanted("unit")) {
  const out = path.join(resultsDir, "jest.json");
  step(
    "unit and component tests (jest)",
    // Both cores: jest's default (cores − 1) leaves one of the CI's two idle while its main process waits.
    () => npx("jest", ["--ci", "--maxWorkers=2", "--json", `--outputFile=${out}`], { env: { ...baseEnv, TZ: "UTC" }, allowFailure: true }),
    () => {
      const report = readJson(out);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  );
}

if (wanted("server") && fs.existsSync(path.join(root, "server", "scripts", "test.mjs"))) {
  const out = path.join(resultsDir, "server.json");
  step(
    "API service tests",
    () => run("node", ["server/scripts/test.mjs", out], { allowFailure: true }),
    () => readJson(out),
  );
}

// Before the production builds: develop writes into .cache/ and public/ too, and the builds after it start clean.
if (wanted("develop")) {
  step("develop smoke test (gatsby develop on the salon, every page type in Chromium)", () => run("node", ["scripts/develop-smoke.mjs"], { allowFailure: true }));
}

if (wanted("e2e")) {
  step(
    "browser tests (Playwright, production builds)",
    () => run("node", ["scripts/e2e.mjs"], { allowFailure: true }),
    () => {
      const tally = { passed: 0, failed: 0 };
      for (const file of fs.readdirSync(resultsDir).filter((name) => /^e2e-.*\.json$/.test(name))) {
        const stats = readJson(path.join(resultsDir, file))?.stats;
        if (!stats) continue;
        tally.passed += stats.expected ?? 0;
        tally.failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
      }
      return tally;
    },
  );
}

console.log("");
if (failures.length > 0) console.log(`Failed steps: ${failures.join(", ")}`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
