import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { openDb, type Db } from "../src/db/db";
import { LOCK_FILE } from "../src/db/data-dir-lock";
import { ROOT, startServiceProcess } from "./helpers";

/**
 * `npm run merchant:import` and `npm run merchant:export`, and the service seeding revision 1 on start: the
 * data file in and out of the database the service uses, from the same environment (PGlite's DATA_DIR, or
 * DATABASE_URL), checked as a build checks it.
 */

const url = process.env.DATABASE_URL;
const schema = `test_site_cli_${randomBytes(5).toString("hex")}`;
const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-site-cli-"));
const work = mkdtempSync(join(tmpdir(), "mainstreet-site-files-"));
const SALON = "data/salon/business.json";
const SALON_TEXT = readFileSync(join(ROOT, SALON), "utf8");

const dbEnv = (): Record<string, string> =>
  url ? { DATABASE_URL: url, PGOPTIONS: `-c search_path=${schema}` } : { DATABASE_URL: "", DATA_DIR: dataDir };

function run(script: "merchant-import" | "merchant-export", args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, `server/scripts/${script}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...dbEnv() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = url ? await openDb({ databaseUrl: url, schema }) : await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const revisions = (businessId: string) =>
  withDb(async (db) => (await db.query<{ revision: number; summary: string }>("SELECT revision, summary FROM site_revisions WHERE business_id = $1 ORDER BY revision", [businessId])).rows);

/** A copy of the salon (data file and images) in its own folder, its text changed by `edit`. */
function salonCopy(name: string, edit: (text: string) => string): string {
  const dir = join(work, name);
  cpSync(join(ROOT, "data/salon"), dir, { recursive: true });
  writeFileSync(join(dir, "business.json"), edit(SALON_TEXT));
  return join(dir, "business.json");
}

before(async () => {
  if (url) await withDb(async () => undefined);
});
after(async () => {
  if (url) await openDb({ databaseUrl: url, schema, dropSchemaOnClose: true }).then((db) => db.close());
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe("npm run merchant:import and merchant:export", () => {
  it("imports a new business as revision 1, and exports it as the same bytes", async () => {
    const imported = await run("merchant-import", ["--file", SALON]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^Imported data\/salon\/business\.json: luma-hair-beauty is new, its draft is revision 1\. Database: /);
    const out = join(work, "exported.json");
    const exported = await run("merchant-export", ["--business", "luma-hair-beauty", "--out", out]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /^Wrote luma-hair-beauty revision 1 to /);
    assert.equal(readFileSync(out, "utf8"), SALON_TEXT);
  });

  it("an edited file becomes a new revision whose summary says what changed; export → import → export is the same file", async () => {
    const edited = salonCopy("edited", (text) => text.replace('"price": 65,', '"price": 70,'));
    const imported = await run("merchant-import", ["--file", edited]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /luma-hair-beauty's draft is now revision 2 \(Imported from .*edited\/business\.json: changed the price of Women's Haircut\)/);
    const first = join(work, "edited", "exported.json");
    assert.equal((await run("merchant-export", ["--business", "luma-hair-beauty", "--out", first])).code, 0);
    const again = await run("merchant-import", ["--file", first]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /is already luma-hair-beauty's draft \(revision 2\): nothing written\./);
    const second = join(work, "second.json");
    assert.equal((await run("merchant-export", ["--business", "luma-hair-beauty", "--out", second])).code, 0);
    assert.equal(readFileSync(second, "utf8"), readFileSync(first, "utf8"));
    const older = join(work, "revision-1.json");
    assert.equal((await run("merchant-export", ["--business", "luma-hair-beauty", "--revision", "1", "--out", older])).code, 0);
    assert.equal(readFileSync(older, "utf8"), SALON_TEXT);
  });

  it("--with-images writes every image the file names beside it, so the folder imports whole elsewhere", async () => {
    const folder = join(work, "whole");
    mkdirSync(folder);
    const out = join(folder, "business.json");
    const exported = await run("merchant-export", ["--business", "luma-hair-beauty", "--out", out, "--with-images"]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /^Wrote luma-hair-beauty revision 2 to .*whole\/business\.json with its \d+ images\./);
    assert.deepEqual(readFileSync(join(folder, "images", "logo.png")), readFileSync(join(ROOT, "data/salon/images/logo.png")));
    // The import checks the images beside the file first: it is the draft already, and nothing is missing.
    const imported = await run("merchant-import", ["--file", out]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /is already luma-hair-beauty's draft \(revision 2\): nothing written\./);
  });

  it("refuses a file that would not build: the field paths and messages of a build, non-zero, nothing written", async () => {
    const bad = salonCopy("bad", (text) => text.replace('"price": 65,', '"price": 65.123,').replace('"images/logo.png"', '"images/no-logo.png"'));
    const result = await run("merchant-import", ["--file", bad]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /bad\/business\.json: menu\.items\[0\]\.variations\[0\]\.price: expected a price in USD with at most 2 decimals, like 12\.5 or "12\.50", got 65\.123\n/);
    assert.match(result.stderr, /Nothing was written: fix the file and import it again\.\n$/);
    assert.equal(result.stdout, "");
    assert.equal((await revisions("luma-hair-beauty")).length, 2);
    const missing = await run("merchant-import", ["--file", join(work, "nowhere.json")]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /nowhere\.json: expected a readable business data file \(JSON\), got no such file/);
  });

  it("says so in one line when the service holds PGlite's data directory", { skip: url ? "PostgreSQL has no data directory lock" : false }, async () => {
    writeFileSync(join(dataDir, LOCK_FILE), String(process.pid));
    try {
      const result = await run("merchant-import", ["--file", SALON]);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, `${dataDir} is in use by process ${process.pid} (the API service?): PGlite allows one process at a time. Stop it first, or use PostgreSQL (DATABASE_URL).\n`);
    } finally {
      rmSync(join(dataDir, LOCK_FILE), { force: true });
    }
  });

  it("names a missing option and a revision that does not exist", async () => {
    const usage = await run("merchant-export", ["--business", "luma-hair-beauty"]);
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /^--out: expected the path of the file to write/);
    const none = await run("merchant-export", ["--business", "luma-hair-beauty", "--revision", "9", "--out", join(work, "none.json")]);
    assert.equal(none.code, 1);
    assert.equal(none.stderr, "Revision 9 of luma-hair-beauty does not exist\n");
  });
});

describe("the service on start", () => {
  it("seeds revision 1 of a SITE_DATA business the database lacks, and keeps the revisions of one it has", async () => {
    const service = await startServiceProcess({ ...dbEnv(), SITE_DATA: `${SALON},data/restaurant/business.json`, PUBLIC_DIR: join(work, "no-site") });
    await service.kill();
    assert.deepEqual(await revisions("osteria-vela"), [{ revision: 1, summary: "Imported from data/restaurant/business.json" }]);
    const salon = await revisions("luma-hair-beauty");
    assert.equal(salon.length, 2, "the owner's newer draft stays; the file does not overwrite it");
    assert.match(salon[1].summary, /changed the price of Women's Haircut/);
  });
});
