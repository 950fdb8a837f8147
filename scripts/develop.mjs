// `npm run develop`: gatsby develop (hot reloading) on PORT (default 8000) and, beside it, the API service
// on API_PORT (default PORT + 1) on the same business data. develop forwards /api/ to the service, so the
// pages' forms, reviews, availability and orders answer as on a build. Ctrl-C stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { DEFAULT_SITE_DATA, baseEnv, dataFilePath, ensureDependencies, root } from "./lib.mjs";

ensureDependencies();

const dataFile = dataFilePath(process.env.SITE_DATA ?? DEFAULT_SITE_DATA);
const host = process.env.HOST ?? "localhost";
const port = Number(process.env.PORT ?? 8000);
const apiPort = Number(process.env.API_PORT ?? port + 1);

const children = [
  // API only: public/ may hold a build of another business, which the service would rightly refuse.
  spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...baseEnv, PORT: String(apiPort), HOST: "127.0.0.1", SITE_DATA: dataFile, PUBLIC_DIR: "/nonexistent" },
  }),
  spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["develop", "--host", host, "--port", String(port)], {
    cwd: root,
    stdio: "inherit",
    // gatsby-config.ts reads DEVELOP_API_ORIGIN to forward /api/.
    env: { ...baseEnv, SITE_DATA: dataFile, DEVELOP_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

let exitCode = null;
function stopAll(code) {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}
for (const child of children) child.once("exit", (code) => stopAll(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)))));
process.exit(exitCode ?? 0);
