// The site build a publish worker runs for one job (docs/publishing.md): the same build `npm run build` does
// (scripts/lib.mjs buildSite) for the data file in SITE_DATA, its output copied into PUBLISH_OUT_DIR.
//
// Gatsby always writes public/ and .cache/ in the directory it runs in, so builds on one checkout take turns
// on a lock file (two gatsby builds at once would write the same folders). The output is copied rather than
// moved: public/ and .cache/ left in place keep the next build incremental (a warm build takes well under half
// the time of a cold one).
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

if (process.env.PUBLISH_BUILD_LOCKED !== "1") {
  const lock = path.join(root, ".data", "publish-build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const result = spawnSync("flock", [lock, process.execPath, fileURLToPath(import.meta.url)], { stdio: "inherit", env: { ...process.env, PUBLISH_BUILD_LOCKED: "1" } });
  process.exit(result.status ?? 1);
}

// Gatsby knows the data's files by their path (gatsby-source-filesystem's File nodes): the same photos in a new
// temporary folder are new files to it, processed and queried again. Every job's data is copied into one
// folder of this checkout (builds here take turns, so one is enough), and unchanged files stay known.
const site = path.join(root, ".data", "publish-site");
fs.rmSync(site, { recursive: true, force: true });
fs.cpSync(path.dirname(path.resolve(dataFile)), site, { recursive: true });
const started = Date.now();
buildSite(path.join(site, path.basename(dataFile)));
const built = Date.now();
fs.cpSync(path.join(root, "public"), out, { recursive: true });
console.log(`build-version: gatsby build ${((built - started) / 1000).toFixed(1)} s, copy into ${out} ${((Date.now() - built) / 1000).toFixed(1)} s`);
