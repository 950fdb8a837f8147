// Runs under the build lock: builds one sample (unless --no-build) and copies public/ to a snapshot the
// audit serves after the lock is released, so other builds can proceed while pages are measured.
// Usage: node scripts/audit/build-snapshot.mjs <data file> <snapshot dir> [--no-build]
import fs from "node:fs";
import path from "node:path";
import { buildSite, root } from "../lib.mjs";

const [dataFile, snapshotDir, flag] = process.argv.slice(2);
if (!dataFile || !snapshotDir) {
  console.error("build-snapshot: expected <data file> <snapshot dir> [--no-build]");
  process.exit(2);
}
if (flag !== "--no-build") buildSite(dataFile);
const publicDir = path.join(root, "public");
if (!fs.existsSync(path.join(publicDir, "index.html"))) {
  console.error(`build-snapshot: expected a built site in ${publicDir} (index.html), found none; run without --no-build`);
  process.exit(2);
}
fs.rmSync(snapshotDir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(snapshotDir), { recursive: true });
fs.cpSync(publicDir, snapshotDir, { recursive: true });
