// Small helpers shared by the npm scripts (plain Node, so they run before dependencies exist).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const baseEnv = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  TZ: process.env.TZ ?? "UTC",
};

/** Runs a command in the repo root, streaming output; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: baseEnv, ...options });
  if (result.status !== 0) {
    const code = result.status ?? 1;
    if (options.allowFailure) return code;
    process.exit(code);
  }
  return 0;
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);
export const npx = (name, args, options) => run(bin(name), args, options);

/**
 * Installs npm dependencies when node_modules is missing or older than the lock file.
 * `npm install` rather than `npm ci`: the registry reachable here serves no packages for other
 * platforms (darwin/win32 optional binaries answer 404), so lock files made here lack them and
 * `npm ci` refuses the lock as out of sync; `npm install` still installs the locked versions.
 */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  console.log("Installing dependencies (npm install from package-lock.json)…");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

/** Makes sure Debian's Chromium is present for the browser tests (never Playwright's download). */
export function ensureChromium() {
  if (fs.existsSync("/usr/bin/chromium")) return;
  console.log("Installing Debian's chromium for the browser tests…");
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) => run(asRoot.length ? "sudo" : "apt-get", asRoot.length ? ["apt-get", ...args] : args, {
    env: { ...baseEnv, DEBIAN_FRONTEND: "noninteractive" },
  });
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "chromium", "fonts-dejavu-core"]);
}

/** What public/ was last built from (data file and recipe override), so `npm start` knows when to rebuild. */
export const buildStampFile = path.join(root, ".cache", "mainstreet-build.json");

/**
 * Builds the site for one data file: validation first, so a bad file leaves public/ as it was. Gatsby runs in
 * `siteDir` (the checkout, or a build worker's site folder of its own: server/scripts/build-version.mjs) and
 * writes .cache/ and public/ there.
 */
export function buildSite(dataFile, extraEnv = {}, siteDir = root) {
  const env = { ...baseEnv, ...extraEnv, ...(dataFile ? { SITE_DATA: dataFile } : {}) };
  run(bin("tsx"), ["scripts/check-data.ts"], { env });
  // Gatsby rebuilds a page's HTML when its data or the JavaScript changed, not when only the CSS did, and
  // every page carries its CSS inline: after a stylesheet changed, the cache goes and every page is built.
  const styles = stylesheetsHash();
  const stampFile = path.join(siteDir, ".cache", path.basename(buildStampFile));
  const previous = readBuildStamp(stampFile);
  if (previous && previous.styles !== styles) run(bin("gatsby"), ["clean"], { env, cwd: siteDir });
  run(bin("gatsby"), ["build"], { env, cwd: siteDir });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify({ dataFile: env.SITE_DATA ?? null, recipe: env.SITE_RECIPE || null, styles, builtAt: Date.now() }));
  writeBuiltSite(path.join(siteDir, "public"), dataFilePath(env.SITE_DATA ?? DEFAULT_SITE_DATA));
}

/** The data file the site builds from when SITE_DATA is not set (the rules' site config says the same). */
export const DEFAULT_SITE_DATA = "data/salon/business.json";

/** A SITE_DATA value as the file the service loads: a sample's folder means its business.json. */
export function dataFilePath(siteData) {
  const full = path.resolve(root, siteData);
  return fs.existsSync(full) && fs.statSync(full).isDirectory() ? path.join(siteData, "business.json") : siteData;
}

/**
 * What a public/ folder was built from, kept inside it (a dotfile, which the service never serves), so
 * `npm run serve` starts the API on the same data and the service refuses data without the site's
 * business, wherever public/ is copied. The service reads it in server/src/static/built-site.ts.
 */
export const BUILT_SITE_FILE = ".mainstreet-build.json";

function writeBuiltSite(publicDir, dataFile) {
  const raw = JSON.parse(fs.readFileSync(path.resolve(root, dataFile), "utf8"));
  fs.writeFileSync(path.join(publicDir, BUILT_SITE_FILE), `${JSON.stringify({ businessId: raw.id ?? raw._id, dataFile })}\n`);
}

/** What `writeBuiltSite` recorded in a public/ folder, or null for a folder built some other way. */
export function readBuiltSite(publicDir) {
  try {
    const built = JSON.parse(fs.readFileSync(path.join(publicDir, BUILT_SITE_FILE), "utf8"));
    return typeof built?.dataFile === "string" ? built : null;
  } catch {
    return null;
  }
}

function readBuildStamp(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** One hash of every stylesheet of the core and the recipes (plugins/<theme>/src/**.css). */
function stylesheetsHash() {
  const hash = createHash("sha256");
  const plugins = path.join(root, "plugins");
  const files = fs
    .readdirSync(plugins)
    .flatMap((plugin) => {
      const src = path.join(plugins, plugin, "src");
      return fs.existsSync(src) ? fs.readdirSync(src, { recursive: true }).map((file) => path.join(src, String(file))) : [];
    })
    .filter((file) => file.endsWith(".css"))
    .sort();
  for (const file of files) hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/**
 * Bundles the merchant workspace (apps/manage → apps/manage/build/): its own small app,
 * served by the API service at /manage/ and never part of the site's build.
 */
export function buildWorkspace() {
  run(bin("tsx"), ["apps/manage/bundle.ts"]);
}
