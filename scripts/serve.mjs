// Serves an existing build in public/ together with the API (the process `npm start` runs), no build step.
// The API takes the data public/ was built from (recorded by the build), unless SITE_DATA says otherwise.
import fs from "node:fs";
import path from "node:path";
import { baseEnv, dataFilePath, readBuiltSite, root, run } from "./lib.mjs";

const port = process.env.PORT ?? "8000";
const server = path.join(root, "server", "src", "main.ts");
if (fs.existsSync(server)) {
  const built = readBuiltSite(path.resolve(root, process.env.PUBLIC_DIR ?? "public"));
  const siteData = process.env.SITE_DATA ? dataFilePath(process.env.SITE_DATA) : built?.dataFile;
  if (siteData) console.log(`Serving public/ with the API on ${siteData}${process.env.SITE_DATA ? " (SITE_DATA)" : " (the data it was built from)"}`);
  // One node process (no tsx wrapper in between), so a SIGHUP sent to it reaches the server.
  run(process.execPath, ["--import", "tsx", server], { env: { ...baseEnv, PORT: port, ...(siteData ? { SITE_DATA: siteData } : {}) } });
} else {
  run(path.join(root, "node_modules", ".bin", "gatsby"), ["serve", "--port", port, "--host", process.env.HOST ?? "127.0.0.1"]);
}
