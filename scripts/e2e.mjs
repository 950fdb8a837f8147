// Builds each sample business and runs the browser tests against that production build.
import fs from "node:fs";
import path from "node:path";
import { buildSite, ensureChromium, npx, root } from "./lib.mjs";

const samples = (process.env.E2E_SITES ?? "salon,restaurant,merchant").split(",").filter(Boolean);
ensureChromium();
let failed = 0;
for (const site of samples) {
  const dataFile = path.join("data", site, "business.json");
  if (!fs.existsSync(path.join(root, dataFile))) throw new Error(`E2E_SITES names ${site}, but ${dataFile} does not exist`);
  console.log(`\n=== e2e: building ${site} ===`);
  buildSite(dataFile);
  console.log(`\n=== e2e: testing ${site} ===`);
  failed += npx("playwright", ["test", ...process.argv.slice(2)], {
    env: { ...process.env, TZ: "UTC", E2E_SITE: site, SITE_DATA: dataFile, GATSBY_TELEMETRY_DISABLED: "1" },
    allowFailure: true,
  }) === 0 ? 0 : 1;
}
process.exit(failed ? 1 : 0);
