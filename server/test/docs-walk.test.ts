import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { ROOT, startServiceProcess } from "./helpers";

/**
 * docs/orders.md promises a curl walk that works as written: run its bash block against a fresh
 * service process on the restaurant sample and compare what it prints with what the page shows.
 */

const doc = readFileSync(join(ROOT, "docs/orders.md"), "utf8");
const walk = /```bash\n([\s\S]*?)```/.exec(doc)?.[1];
const shown = /It prints, with fresh ids:\n\n```\n([\s\S]*?)```/.exec(doc)?.[1];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe("docs/orders.md curl walk", () => {
  let dataDir: string;
  let service: Awaited<ReturnType<typeof startServiceProcess>>;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "mainstreet-walk-"));
    service = await startServiceProcess({ DATA_DIR: dataDir, SITE_DATA: "data/restaurant/business.json", PUBLIC_DIR: join(dataDir, "no-site") });
  });
  after(async () => {
    await service?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs as written and prints what the page says", { timeout: 120_000 }, async () => {
    assert.ok(walk, "docs/orders.md has a bash block");
    assert.ok(shown, "docs/orders.md shows the walk's output");
    const { stdout } = await promisify(execFile)("bash", ["-c", walk], { env: { ...process.env, BASE: `${service.base}/api` } });
    assert.equal(stdout.replace(UUID, "…"), shown);
  });
});
