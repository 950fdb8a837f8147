// Serves an existing build in public/ with the API (the same process `npm start` runs), no build step.
import path from "node:path";
import { baseEnv, root, run } from "./lib.mjs";

run(path.join(root, "node_modules", ".bin", "tsx"), ["server/src/main.ts"], {
  env: { ...baseEnv, PORT: process.env.PORT ?? "8000" },
});
