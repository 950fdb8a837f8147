// Builds each sample business and runs the browser tests against that production build.
import fs from "node:fs";
import path from "node:path";
import { buildSite, ensureChromium, npx, root } from "./lib.mjs";

const samples = (process.env.E2E_SITES ?? "salon,restaurant,merchant").split(",").filter(Boolean);
// One sample is built with a tag-manager id so the data-layer behaviour is tested; the others
// prove that nothing is loaded without one.
const siteEnv = { restaurant: { GATSBY_GTM_ID: "GTM-E2ETEST" } };
ensureChromium();

// Specs quarantined with a reason (e2e/quarantine.json) are not run unless E2E_QUARANTINE=off, and
// are always listed, so they cannot be forgotten.
const quarantine = JSON.parse(fs.readFileSync(path.join(root, "e2e", "quarantine.json"), "utf8")).entries;
const quarantineOn = process.env.E2E_QUARANTINE !== "off";
for (const entry of quarantine) {
  console.log(`${quarantineOn ? "QUARANTINED (not run)" : "quarantine off, running"}: ${entry.spec} — issue ${entry.issue}: ${entry.reason}`);
}
const requested = process.argv.slice(2);
const specArgs = requested.length > 0
  ? requested
  : fs
      .readdirSync(path.join(root, "e2e"))
      .filter((name) => name.endsWith(".e2e.ts"))
      .map((name) => `e2e/${name}`)
      .filter((spec) => !quarantineOn || !quarantine.some((entry) => entry.spec === spec));
// The look-and-navigation acceptance specs (issue 5) sweep every page type at four widths, menus closed
// and open: several minutes per sample on 2 cores. Issue 5 asks for them on the salon and the
// restaurant; the merchant is covered by the audit's axe pass instead.
const specSites = { "e2e/a11y.e2e.ts": ["salon", "restaurant"], "e2e/navigation.e2e.ts": ["salon", "restaurant"] };
const specsFor = (site) => specArgs.filter((spec) => !(spec in specSites) || specSites[spec].includes(site));
let failed = 0;
for (const site of samples) {
  const dataFile = path.join("data", site, "business.json");
  if (!fs.existsSync(path.join(root, dataFile))) throw new Error(`E2E_SITES names ${site}, but ${dataFile} does not exist`);
  const specs = specsFor(site);
  if (specs.length === 0) {
    console.log(`(no requested spec runs on ${site})`);
    continue;
  }
  console.log(`\n=== e2e: building ${site} ===`);
  const extra = siteEnv[site] ?? {};
  buildSite(dataFile, extra);
  console.log(`\n=== e2e: testing ${site} ===`);
  failed += npx("playwright", ["test", ...specs], {
    env: { ...process.env, ...extra, TZ: "UTC", E2E_SITE: site, SITE_DATA: dataFile, GATSBY_TELEMETRY_DISABLED: "1" },
    allowFailure: true,
  }) === 0 ? 0 : 1;
}
process.exit(failed ? 1 : 0);
