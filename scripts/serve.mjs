// Serves an existing build in public/ together with the API (the process `npm start` runs), no build step.
import fs from "node:fs";
import path from "node:path";
import { baseEnv, root, run } from "./lib.mjs";

const port = process.env.PORT ?? "8000";
const server = path.join(root, "server", "src", "main.ts");
if (fs.existsSync(server)) {
  // One node process (no tsx wrapper in between), so a SIGHUP sent to it reaches the server.
  run(process.execPath, ["--import", "tsx", server], { env: { ...baseEnv, PORT: port } });
} else {
  run(path.join(root, "node_modules", ".bin", "gatsby"), ["serve", "--port", port, "--host", process.env.HOST ?? "127.0.0.1"]);
}
