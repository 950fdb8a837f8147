/**
 * Serves a built site the way production does: `node scripts/serve.mjs` (the API service's static
 * handler, with its compression and caching headers) on a free port of localhost, from a snapshot
 * directory, with a private database directory so it never touches another engineer's data.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const REPO_ROOT = path.resolve(__dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SiteServer {
  /** `http://localhost:<port>`: service workers and Lighthouse want localhost, not 127.0.0.1. */
  origin: string;
  stop(): Promise<void>;
}

const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").slice(-20).join("\n") : "(no output)");

/**
 * `env`: settings of this service only (a rate limit a bench raises). `prepare` runs before the service starts, with
 * its environment, for what must be in its fresh database from the beginning (an owner account: PGlite belongs to one
 * process at a time).
 */
export async function startSiteServer(options: {
  publicDir: string;
  dataFile: string;
  workDir: string;
  env?: Record<string, string>;
  prepare?: (env: NodeJS.ProcessEnv) => void;
}): Promise<SiteServer> {
  const port = await freePort();
  const dataDir = path.join(options.workDir, "pglite");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_DIR: options.publicDir,
    DATA_DIR: dataDir,
    SITE_DATA: options.dataFile,
    LOG_LEVEL: "warn",
    GATSBY_TELEMETRY_DISABLED: "1",
    ...options.env,
  };
  options.prepare?.(env);
  const logFile = path.join(options.workDir, "serve.log");
  const log = fs.openSync(logFile, "w");
  // Its own process group: serve.mjs starts the service as a child, and stop() must end both.
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, "scripts", "serve.mjs")], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env,
  });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
  });

  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited !== undefined || child.pid === undefined) return resolve();
      child.once("exit", () => resolve());
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        resolve();
      }
    });

  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`serve: scripts/serve.mjs exited with code ${exited} before serving ${origin}; its output:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet: the service opens its database first.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`serve: expected ${origin}/ to answer 200 within 120 s, got no answer; its output:\n${tail(logFile)}`);
}
