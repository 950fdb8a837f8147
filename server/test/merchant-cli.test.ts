import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { verify } from "@node-rs/argon2";
import { openDb, type Db } from "../src/db/db";
import { LOCK_FILE } from "../src/db/data-dir-lock";
import { FIXTURE_FILE, ROOT } from "./helpers";

/**
 * `npm run merchant:add`: creates the first owner in the database the service uses, from the same
 * environment (PGlite's DATA_DIR, or DATABASE_URL), reading the password from standard input.
 */

const url = process.env.DATABASE_URL;
const schema = `test_cli_${randomBytes(5).toString("hex")}`;
const dataDir = mkdtempSync(join(tmpdir(), "mainstreet-cli-"));
const PASSWORD = "a lantern by the harbour";

/** The environment that points the CLI at this test's database: a schema of its own on PostgreSQL, a directory on PGlite. */
const dbEnv = (): Record<string, string> =>
  url ? { DATABASE_URL: url, PGOPTIONS: `-c search_path=${schema}` } : { DATABASE_URL: "", DATA_DIR: dataDir };

function run(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "server/scripts/merchant-add.ts"), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...dbEnv(), SITE_DATA: FIXTURE_FILE },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Opens the database the CLI wrote to (after it exited: PGlite's directory has one owner at a time). */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = url ? await openDb({ databaseUrl: url, schema }) : await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

before(async () => {
  if (url) await withDb(async () => undefined);
});
after(async () => {
  if (url) await openDb({ databaseUrl: url, schema, dropSchemaOnClose: true }).then((db) => db.close());
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run merchant:add", () => {
  it("creates an owner with an Argon2id hash from the password on standard input", async () => {
    const result = await run(["--business", "fixture-bistro", "--email", "Owner@Bistro.test"], `${PASSWORD}\n`);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Created owner owner@bistro\.test at Fixture Bistro \(fixture-bistro\)\. Database: /);
    const row = await withDb(async (db) => (await db.query<{ role: string; password_hash: string }>("SELECT role, password_hash FROM merchant_users WHERE email = 'owner@bistro.test'")).rows[0]);
    assert.equal(row.role, "owner");
    assert.ok(await verify(row.password_hash, PASSWORD));
    assert.ok(!result.stdout.includes(PASSWORD) && !result.stderr.includes(PASSWORD));
  });

  it("refuses the same address again, and --reset-password gives it a new password and ends its sessions", async () => {
    const again = await run(["--business", "fixture-bistro", "--email", "owner@bistro.test"], `${PASSWORD}\n`);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /owner@bistro\.test already has an account at Fixture Bistro \(add --reset-password to give it a new password\)/);
    await withDb((db) =>
      db.query(
        `INSERT INTO merchant_sessions (id, token_hash, user_id, business_id, created_at, last_seen_at, expires_at)
         SELECT gen_random_uuid(), 'x', id, business_id, now(), now(), now() + interval '1 day' FROM merchant_users WHERE email = 'owner@bistro.test'`,
      ),
    );
    const reset = await run(["--business", "fixture-bistro", "--email", "owner@bistro.test", "--reset-password"], "the new harbour lantern\n");
    assert.equal(reset.code, 0, reset.stderr);
    const state = await withDb(async (db) => ({
      hash: (await db.query<{ password_hash: string }>("SELECT password_hash FROM merchant_users WHERE email = 'owner@bistro.test'")).rows[0].password_hash,
      open: (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM merchant_sessions WHERE revoked_at IS NULL")).rows[0].n,
    }));
    assert.ok(await verify(state.hash, "the new harbour lantern"));
    assert.equal(state.open, 0);
  });

  for (const [name, args, stdin, message] of [
    ["a short password", ["--business", "fixture-bistro", "--email", "a@bistro.test"], "short\n", /The password on standard input is refused: Use at least 12 characters/],
    ["an unknown business", ["--business", "nope", "--email", "a@bistro.test"], `${PASSWORD}\n`, /--business: "nope" is not a business in SITE_DATA .*expected one of fixture-bistro/],
    ["a malformed address", ["--business", "fixture-bistro", "--email", "a@"], `${PASSWORD}\n`, /--email: expected an email address/],
    ["an unknown option", ["--business", "fixture-bistro", "--email", "a@bistro.test", "--password", "x"], `${PASSWORD}\n`, /Unknown option '--password'[\s\S]*Usage: npm run merchant:add/],
  ] as const) {
    it(`refuses ${name}, creating nothing`, async () => {
      const result = await run([...args], stdin);
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stderr, message);
      const count = await withDb(async (db) => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM merchant_users WHERE email = 'a@bistro.test'")).rows[0].n);
      assert.equal(count, 0);
    });
  }

  it("creates staff with --role staff", async () => {
    const result = await run(["--business", "fixture-bistro", "--email", "staff@bistro.test", "--role", "staff"], `${PASSWORD}\r\n`);
    assert.equal(result.code, 0, result.stderr);
    const row = await withDb(async (db) => (await db.query<{ role: string; password_hash: string }>("SELECT role, password_hash FROM merchant_users WHERE email = 'staff@bistro.test'")).rows[0]);
    assert.equal(row.role, "staff");
    assert.ok(await verify(row.password_hash, PASSWORD), "the CR of a CRLF line is not part of the password");
  });

  // PostgreSQL serves many processes; PGlite's directory has one owner.
  if (!url) it("on PGlite, refuses a data directory another live process holds (the running service)", async () => {
    writeFileSync(join(dataDir, LOCK_FILE), String(process.pid));
    try {
      const result = await run(["--business", "fixture-bistro", "--email", "b@bistro.test"], `${PASSWORD}\n`);
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`is in use by process ${process.pid} \\(the API service\\?\\): PGlite allows one process at a time`));
    } finally {
      rmSync(join(dataDir, LOCK_FILE), { force: true });
    }
  });

  it("on a terminal, asks twice without echoing the password", async () => {
    const child = spawn("script", ["-qec", `${process.execPath} --import tsx server/scripts/merchant-add.ts --business fixture-bistro --email tty@bistro.test`, "/dev/null"], {
      cwd: ROOT,
      env: { ...process.env, ...dbEnv(), SITE_DATA: FIXTURE_FILE },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    const answered = new Set<string>();
    // Each prompt is answered once it appears (what a person at the terminal does).
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      for (const prompt of ["Password for tty@bistro.test at Fixture Bistro: ", "The same password again: "]) {
        if (output.includes(prompt) && !answered.has(prompt)) {
          answered.add(prompt);
          child.stdin.write(`${PASSWORD}\r`);
        }
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.equal(code, 0, output);
    assert.match(output, /Created owner tty@bistro\.test/);
    assert.ok(!output.includes(PASSWORD), `the password was echoed: ${output}`);
  });
});
