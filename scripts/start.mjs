// `npm start`: install what is missing, build the configured site if it is not built yet, then
// serve the site and the API together on http://localhost:8000 (PORT overrides).
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_SITE_DATA, baseEnv, buildSite, buildStampFile, buildWorkspace, dataFilePath, ensureDependencies, root, run } from "./lib.mjs";

ensureDependencies();

const dataFile = process.env.SITE_DATA ?? DEFAULT_SITE_DATA;
const recipe = process.env.SITE_RECIPE || null;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(path.join(root, "public", "index.html")) || !fs.existsSync(buildStampFile)) return true;
  const stamp = JSON.parse(fs.readFileSync(buildStampFile, "utf8"));
  const dataDir = path.dirname(path.resolve(root, dataFilePath(dataFile)));
  // Another sample or recipe (a test run builds them all) means public/ is not this site.
  return stamp.dataFile !== dataFile || stamp.recipe !== recipe || stamp.builtAt < newestMtime(dataDir);
}

if (needsBuild()) {
  buildSite(dataFile);
} else {
  console.log(`public/ is up to date for ${dataFile}${recipe ? ` with ${recipe}` : ""} (delete public/ or run \`npm run build\` to rebuild).`);
}

buildWorkspace();

const port = process.env.PORT ?? "8000";
console.log(`Serving the site and API on http://localhost:${port} (merchant workspace: http://localhost:${port}/manage/)`);
// One node process (no tsx wrapper in between), so a SIGHUP sent to it reaches the server.
run(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  // The site's public search key is the one the service checks, unless the service is given its own.
  env: { ...baseEnv, PORT: port, SITE_DATA: dataFilePath(dataFile), ...(process.env.GATSBY_SEARCH_API_KEY && !process.env.SEARCH_API_KEY ? { SEARCH_API_KEY: process.env.GATSBY_SEARCH_API_KEY } : {}) },
});
