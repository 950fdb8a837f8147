// Builds each sample business and runs the browser tests against that production build; then builds the
// salon with every other recipe and runs the look specs on it: behaviour lives once in the core theme and
// is tested once per sample; look is tested once per recipe.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import recipes from "gatsby-theme-mainstreet-core/recipe.js";
import { buildSite, buildWorkspace, ensureChromium, npx, root } from "./lib.mjs";

// restaurant-ja-JP is the restaurant priced in yen and written for Japan (scripts/locale-sample.ts): the
// proof that any currency and locale builds. It runs e2e/locale.e2e.ts only.
const samples = (process.env.E2E_SITES ?? "salon,restaurant,merchant,restaurant-ja-JP").split(",").filter(Boolean);
// One sample is built with a tag-manager id so the data-layer behaviour is tested; the others
// prove that nothing is loaded without one.
// The restaurant's look and navigation sweeps run at the phone and laptop widths: tablet and wide
// monitor use the same navigation variants and templates, and the salon covers all four.
// The ordering samples get a search key, so the checkout's address search runs against the spec's own
// geocoder (ordering.e2e.ts); the salon proves a site without one.
const SEARCH_KEY = { GATSBY_SEARCH_API_KEY: "e2e-public-search-key" };
// CI time (under 60 minutes on 2 cores): the axe sweep runs on every page type at the phone width on the
// restaurant. On the salon it scans the home page (menus closed, then open, then the announcement, the
// modal and the hours popup) at the phone and laptop widths: the audit that follows in CI scans every one
// of the salon's page types at a phone's and a laptop's width with axe (and Lighthouse's accessibility),
// and the menus opened on other pages are the same header and tray. The other recipes' runs scan their
// four most different page types at both widths (the tablet's layout is the phone's navigation over the
// laptop's grids, and navigation.e2e.ts still runs at 800 px). The
// merchant runs two order flows (pickup, keyboard only; the restaurant covers delivery and the rest);
// the rest of ordering.e2e.ts is the core's JavaScript against data the restaurant covers (the Add tap
// before hydration, ordering while closed, the address search, declines, price changes, the dialogs' axe).
const LOOK_A11Y_TEMPLATES = "home,services,service-item,location";
// The restaurant's axe sweep scans the page types where taking orders and bookings changes what is on
// the page (the Add buttons and sizes on the home, menu, category and item pages; checkout, the order
// page and reservations) and those with a form or a map (location, contact); the cart button in the
// header is on all of them. Its about, team, team-member, work-with-us and 404 pages are the content pages
// every business has, in the same recipe as the salon's, which the audit after the tests scans at a
// phone's and a laptop's width; the restaurant's header on them is the one scanned on the nine others.
const RESTAURANT_A11Y_TEMPLATES = "home,services,service-category,service-item,location,contact,checkout,order,reservations";
const MERCHANT_ORDERING_SKIPPED = [
  "another visitor orders for delivery",
  "a tap on Add the moment",
  "closed now",
  "without an order named",
  "address search",
  "brand colour",
  "a declined test card",
  "a price changed on the server",
  "axe finds no violations in the item modal",
];
// runtime.e2e.ts's core runtime tests (the same bundle for every business) run on the restaurant, the
// sample built with a tag-manager id; E2E_RUNTIME_CORE=0 leaves them out of the others' runs.
const siteEnv = {
  salon: { E2E_A11Y_WIDTHS: "375,1280", E2E_A11Y_SCAN_TEMPLATES: "home", E2E_RUNTIME_CORE: "0" },
  restaurant: { GATSBY_GTM_ID: "GTM-E2ETEST", E2E_WIDTHS: "375,1280", E2E_A11Y_WIDTHS: "375", E2E_A11Y_SCAN_TEMPLATES: RESTAURANT_A11Y_TEMPLATES, ...SEARCH_KEY },
  merchant: { ...SEARCH_KEY, E2E_GREP_INVERT: MERCHANT_ORDERING_SKIPPED.join("|"), E2E_RUNTIME_CORE: "0" },
};
ensureChromium();
// The merchant workspace (/manage/) is one build for every sample: the service serves it beside any site.
buildWorkspace();

// Specs quarantined with a reason (e2e/quarantine.json) are not run unless E2E_QUARANTINE=off, and
// are always listed, so they cannot be forgotten.
const quarantine = JSON.parse(fs.readFileSync(path.join(root, "e2e", "quarantine.json"), "utf8")).entries;
const quarantineOn = process.env.E2E_QUARANTINE !== "off";
for (const entry of quarantine) {
  console.log(`${quarantineOn ? "QUARANTINED (not run)" : "quarantine off, running"}: ${entry.spec} — issue ${entry.issue}: ${entry.reason}`);
}
const requested = process.argv.slice(2);
const allSpecs = fs
  .readdirSync(path.join(root, "e2e"))
  .filter((name) => name.endsWith(".e2e.ts"))
  .map((name) => `e2e/${name}`)
  .filter((spec) => !quarantineOn || !quarantine.some((entry) => entry.spec === spec));
const specArgs = requested.length > 0 ? requested : allSpecs;
// The look-and-navigation acceptance specs sweep every page type at four widths, menus closed and open:
// several minutes per sample on 2 cores. They run on the salon and the restaurant; the merchant is
// covered by the audit's axe pass instead.
// The merchant workspace's flow runs on the restaurant, the business it was written for; the
// workspace is one app whatever the site, and its own tests and the API's cover the rest.
// The Calendar runs on the salon, the sample that takes appointments. Facts read live (Closed today on the
// live home page) are the core's JavaScript over any business's hours: the restaurant's two locations cover them.
// Staying still after hydration (stillness.e2e.ts) is the core's JavaScript: the salon and the restaurant
// between them render every page type and the ordering pages.
const specSites = { "e2e/stillness.e2e.ts": ["salon", "restaurant"], "e2e/a11y.e2e.ts": ["salon", "restaurant"], "e2e/navigation.e2e.ts": ["salon", "restaurant"], "e2e/visual.e2e.ts": ["salon"], "e2e/locale.e2e.ts": [], "e2e/manage.e2e.ts": ["restaurant"], "e2e/manage-site.e2e.ts": ["salon"], "e2e/calendar.e2e.ts": ["salon"], "e2e/facts.e2e.ts": ["restaurant"], "e2e/fonts.e2e.ts": ["salon"] };
const LOCALE_SPECS = ["e2e/locale.e2e.ts"];
const localeSamples = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "scripts", "locale-samples.json"), "utf8"))).filter((name) => !name.startsWith("$"));
/** A sample in data/, or one made from it in another currency and locale (written under .mainstreet/). */
const isCommittedSample = (site) => !localeSamples.includes(site);
const specsFor = (site) =>
  isCommittedSample(site) ? specArgs.filter((spec) => !(spec in specSites) || specSites[spec].includes(site)) : specArgs.filter((spec) => LOCALE_SPECS.includes(spec));
/** The data file a site builds from: data/<site>/business.json, or the locale sample, written now. */
function dataFileFor(site) {
  if (isCommittedSample(site)) return path.join("data", site, "business.json");
  const written = execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/locale-sample.ts", site], { cwd: root, encoding: "utf8" }).trim();
  return path.relative(root, written);
}

// What every other recipe is checked for: axe with menus closed and open, no sideways scroll at 320 px on
// any page type, the JS budget, the brand colour, and its screenshots. The page list, status codes and
// console (pages.e2e.ts), navigation, forms, ordering and runtime are the core's behaviour, the same
// JavaScript and HTML in every recipe (a recipe is CSS and fonts): they run once per sample.
const LOOK_SPECS = ["e2e/a11y.e2e.ts", "e2e/recipe-look.e2e.ts", "e2e/visual.e2e.ts"];
const LOOK_SITE = "salon";
const LOOK_WIDTHS = "375,1280";
// The axe scans of the other recipes cover the page types whose look differs most (the home page, the
// menu list, an item, a location's forms beside its details), with the page settled (reduced motion);
// landmarks and the skip link are markup, the same in every recipe, checked once per sample; every page type of
// every recipe is still loaded at 320 px by recipe-look.e2e.ts, and the configured recipe is scanned on
// every page type at the phone and laptop widths. Scanning every type for four more recipes would multiply
// the time CI spends on scans for no behaviour the core does not already test once.
// The announcement, modal and hours popup (base styles over the tokens, whose pairings the unit tests
// check for every recipe) are scanned on the configured recipe; the other recipes' screenshots are the
// visual baselines (visual.e2e.ts) rather than review copies.
const LOOK_ENV = {
  E2E_WIDTHS: LOOK_WIDTHS,
  E2E_A11Y_TEMPLATES: LOOK_A11Y_TEMPLATES,
  E2E_A11Y_SCREENSHOTS: "0",
  E2E_REDUCED_MOTION: "1",
  E2E_GREP_INVERT: "landmarks and skip link|the announcement, a modal and the hours popup",
};
const recipesBuilt = recipes.builtRecipes(root);
const lookRecipes = (process.env.E2E_RECIPES?.split(",").filter(Boolean) ?? recipesBuilt).filter((recipe) => {
  if (recipesBuilt.includes(recipe)) return true;
  throw new Error(`E2E_RECIPES names ${recipe}, but plugins/gatsby-theme-${recipe} does not exist (recipes here: ${recipesBuilt.join(", ")})`);
});

/** The recipe a sample builds with when nothing overrides it (SITE_RECIPE, else its data file's). */
const configuredRecipe = (dataFile) => recipes.resolveRecipe({ ...process.env, SITE_DATA: dataFile }, root);

/** One build and one Playwright run; returns 1 when any test failed. */
function runOnce({ label, site, recipe, specs, env, dataFile }) {
  if (!fs.existsSync(path.join(root, dataFile))) throw new Error(`E2E_SITES names ${site}, but ${dataFile} does not exist`);
  if (specs.length === 0) {
    console.log(`(no requested spec runs on ${label})`);
    return 0;
  }
  console.log(`\n=== e2e: building ${label} ===`);
  const started = Date.now();
  buildSite(dataFile, { ...env, SITE_RECIPE: recipe });
  const built = Date.now();
  console.log(`\n=== e2e: testing ${label} (built in ${Math.round((built - started) / 1000)} s) ===`);
  // a11y.e2e.ts screenshots every page type at each width it audits; where it runs, the plain
  // screenshots of pages.e2e.ts would be the same pictures taken twice.
  // Likewise pages.e2e.ts checks every page of the sample for sideways scroll at every width, so where
  // it runs, recipe-look.e2e.ts's one-page-per-type check would load a subset of those pages again.
  const inverted = [
    specs.includes("e2e/a11y.e2e.ts") ? "screenshots per page type" : null,
    specs.includes("e2e/pages.e2e.ts") ? "fits every width" : null,
    env.E2E_GREP_INVERT ?? null,
  ].filter(Boolean);
  const slim = inverted.length > 0 ? ["--grep-invert", inverted.join("|")] : [];
  // E2E_UPDATE_SNAPSHOTS=1 rewrites the visual baselines (e2e/visual/) instead of comparing with them.
  const update = process.env.E2E_UPDATE_SNAPSHOTS === "1" ? ["--update-snapshots=all"] : [];
  // The axe table of this run (e2e/look.ts recordAxe appends to it from every worker), and likewise the
  // ordering timings (e2e/ordering.e2e.ts), which each worker adds its orders to.
  for (const file of ["axe-results.jsonl", "ordering-timing.json"]) fs.rmSync(path.join(root, "e2e", "artifacts", label, file), { force: true });
  const report = path.join(root, "test-results", `e2e-${label}.json`);
  fs.rmSync(report, { force: true });
  const code = npx("playwright", ["test", ...slim, ...update, ...specs], {
    env: { ...process.env, ...env, TZ: "UTC", E2E_SITE: site, E2E_RUN: label, SITE_RECIPE: recipe, SITE_DATA: dataFile, GATSBY_TELEMETRY_DISABLED: "1" },
    allowFailure: true,
  });
  console.log(`=== e2e: ${label} tested in ${Math.round((Date.now() - built) / 1000)} s ===`);
  if (code !== 0) recap.push(...whatFailed(label, report, code));
  return code === 0 ? 0 : 1;
}

/**
 * One line per test that failed or was flaky in a run, and per error outside any test (a worker's
 * teardown, the web server): the log of a CI run is read from its end, and a failure in the first of
 * eight builds is thousands of lines above it.
 */
function whatFailed(label, reportFile, code) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
  } catch {
    return [`${label}: Playwright exited with ${code} and wrote no report (${path.relative(root, reportFile)})`];
  }
  const firstLine = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim()) ?? "";
  const lines = [];
  const walk = (suite, outer) => {
    const titles = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results?.flatMap((result) => result.errors ?? [])[0];
        lines.push(`${label}: ${test.status === "flaky" ? "flaky" : "failed"} ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) lines.push(`${label}: error outside the tests: ${firstLine(error.message)}`);
  if (lines.length === 0) lines.push(`${label}: Playwright exited with ${code} with every test as expected`);
  return lines;
}

const runs = samples
  // A locale sample is written and built only when a requested spec runs on it.
  .filter((site) => isCommittedSample(site) || specsFor(site).length > 0)
  .map((site) => {
    const dataFile = dataFileFor(site);
    return { label: site, site, recipe: configuredRecipe(dataFile), specs: specsFor(site), env: siteEnv[site] ?? {}, dataFile };
  });
if (samples.includes(LOOK_SITE)) {
  const covered = runs.find((run) => run.site === LOOK_SITE).recipe;
  for (const recipe of lookRecipes.filter((candidate) => candidate !== covered)) {
    const specs = specArgs.filter((spec) => LOOK_SPECS.includes(spec));
    runs.push({ label: `${LOOK_SITE}-${recipe}`, site: LOOK_SITE, recipe, specs, env: LOOK_ENV, dataFile: path.join("data", LOOK_SITE, "business.json") });
  }
}

// The configured salon build runs last, so public/ holds it when CI's audit step comes next and audits
// it as it is (.ci/run reads the build stamp) instead of building it again.
const ordered = [...runs.filter((run) => run.label !== LOOK_SITE), ...runs.filter((run) => run.label === LOOK_SITE)];
const recap = [];
let failed = 0;
for (const run of ordered) failed += runOnce(run);
if (recap.length > 0) console.log(`\n=== e2e: what failed ===\n${recap.join("\n")}`);
process.exit(failed ? 1 : 0);
