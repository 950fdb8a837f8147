// The site build a publish worker runs for one job (docs/publishing.md): the same build `npm run build` does
// (scripts/lib.mjs buildSite) for the data file in SITE_DATA, its output copied into PUBLISH_OUT_DIR.
//
// Gatsby always writes public/ and .cache/ in the directory it runs in, so builds in one directory take turns
// on a lock file (two gatsby builds at once would write the same folders). The directory is the checkout, or,
// with PUBLISH_BUILD_DIR, a site folder of the worker's own (`npm run build:all` gives each of its workers one,
// so several builds really run at once). The output is copied rather than moved: public/ and .cache/ left in
// place keep the next build incremental (a warm build takes well under half the time of a cold one).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite, root } from "../../scripts/lib.mjs";

const out = process.env.PUBLISH_OUT_DIR;
const dataFile = process.env.SITE_DATA;
if (!out || !dataFile) {
  console.error("build-version: expected SITE_DATA (the business.json to build) and PUBLISH_OUT_DIR (the folder to write) in the environment");
  process.exit(2);
}
const siteDir = process.env.PUBLISH_BUILD_DIR ? path.resolve(root, process.env.PUBLISH_BUILD_DIR) : root;

if (process.env.PUBLISH_BUILD_LOCKED !== "1") {
  const lock = path.join(siteDir, ".data", "publish-build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const result = spawnSync("flock", [lock, process.execPath, fileURLToPath(import.meta.url)], { stdio: "inherit", env: { ...process.env, PUBLISH_BUILD_LOCKED: "1" } });
  process.exit(result.status ?? 1);
}

/** The site's own files, copied into a worker's site folder: Gatsby reads them from the folder it runs in. */
const SITE_FILES = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "package.json", "tsconfig.json"];
/** What the site folder shares with the checkout: the themes, the rules package and the installed packages. */
const SHARED = ["node_modules", "plugins", "packages"];

/**
 * Makes `dir` a site Gatsby builds from as from the checkout: the site's files copied (only when they differ, so
 * an unchanged file keeps its time and Gatsby's cache of it), the rest linked to the checkout.
 */
function prepareSiteDir(dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of SITE_FILES) {
    const source = fs.readFileSync(path.join(root, file));
    const target = path.join(dir, file);
    if (!fs.existsSync(target) || !fs.readFileSync(target).equals(source)) fs.writeFileSync(target, source);
  }
  for (const name of SHARED) {
    const link = path.join(dir, name);
    const want = path.join(root, name);
    let current = null;
    try {
      current = fs.readlinkSync(link);
    } catch {
      current = null;
    }
    if (current === want) continue;
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(want, link);
  }
}

if (siteDir !== root) prepareSiteDir(siteDir);

// Gatsby knows the data's files by their path (gatsby-source-filesystem's File nodes): the same photos in a new
// temporary folder are new files to it, processed and queried again. Every job's data is copied into one
// folder of the site directory (builds there take turns, so one is enough), and unchanged files stay known.
const site = path.join(siteDir, ".data", "publish-site");
fs.rmSync(site, { recursive: true, force: true });
fs.cpSync(path.dirname(path.resolve(dataFile)), site, { recursive: true });
const started = Date.now();
buildSite(path.join(site, path.basename(dataFile)), {}, siteDir);
const built = Date.now();
fs.cpSync(path.join(siteDir, "public"), out, { recursive: true });
console.log(`build-version: built in ${siteDir}`);
console.log(`build-version: gatsby build ${((built - started) / 1000).toFixed(1)} s, copy into ${out} ${((Date.now() - built) / 1000).toFixed(1)} s`);
