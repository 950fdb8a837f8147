import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { BUILT_SITE_FILE } from "../src/static/built-site";
import { ROOT, freePort } from "./helpers";

/**
 * `npm run serve` and the service agree with the build: a small public/ folder stands in for a built
 * site (its page and the record the build leaves), so nothing is built here.
 */
const work = mkdtempSync(join(tmpdir(), "mainstreet-built-site-"));
after(() => rmSync(work, { recursive: true, force: true }));

function fakeBuild(name: string, businessId: string, dataFile: string): string {
  const publicDir = join(work, name, "public");
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(join(publicDir, "index.html"), "<!doctype html><title>Built</title>");
  writeFileSync(join(publicDir, BUILT_SITE_FILE), JSON.stringify({ businessId, dataFile }));
  return publicDir;
}

/** The environment of a run: no data chosen by the caller, a database of the test's own. */
function envFor(name: string, publicDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: "", HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_DIR: publicDir, DATA_DIR: join(work, name, "pglite") };
  delete env.SITE_DATA;
  return { ...env, ...extra };
}

describe("a built site and the service's data", () => {
  it("the service refuses to start, with one line on stderr, when the built site's business is not in its data", { timeout: 60_000 }, async () => {
    const publicDir = fakeBuild("mismatch", "osteria-vela", "data/restaurant/business.json");
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "server/src/main.ts")], {
      cwd: ROOT,
      env: envFor("mismatch", publicDir, { PORT: String(await freePort()), SITE_DATA: "data/salon/business.json" }),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((done) => child.once("exit", (exitCode) => done(exitCode)));
    assert.notEqual(code, 0);
    const lines = stderr.trim().split("\n");
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0], /built for business "osteria-vela" \(data\/restaurant\/business\.json\), which SITE_DATA \(data\/salon\/business\.json\) does not hold/);
    assert.match(lines[0], /SITE_DATA=data\/restaurant\/business\.json/);
  });

  it("npm run serve starts the API on the data the site was built from", { timeout: 120_000 }, async () => {
    const publicDir = fakeBuild("serve", "osteria-vela", "data/restaurant/business.json");
    const port = await freePort();
    // Its own process group: serve.mjs runs the service as a child, and the test stops both.
    const serve = spawn(process.execPath, [join(ROOT, "scripts/serve.mjs")], {
      cwd: ROOT,
      env: envFor("serve", publicDir, { PORT: String(port) }),
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    let stderr = "";
    serve.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise((done) => serve.once("exit", done));
    try {
      const base = `http://127.0.0.1:${port}/api`;
      let healthy = false;
      for (let waited = 0; waited < 90_000 && serve.exitCode === null && !healthy; waited += 250) {
        healthy = (await fetch(`${base}/health`).catch(() => undefined))?.ok ?? false;
        if (!healthy) await new Promise((done) => setTimeout(done, 250));
      }
      assert.ok(healthy, `the service did not come up: ${stderr}`);
      assert.equal((await fetch(`${base}/catalog/osteria-vela/`)).status, 200);
      assert.equal((await fetch(`${base}/catalog/luma-hair-beauty/`)).status, 404);
    } finally {
      if (serve.exitCode === null && serve.pid) process.kill(-serve.pid, "SIGKILL");
      await exited;
    }
  });
});
