import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PublishCreatedSchema } from "@mainstreet/rules/api/publish-api";
import { SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { buildAll, failureLine, summaryLine, type BuildAllReport } from "../src/publish/build-all";
import { codeHash, fingerprint } from "../src/publish/fingerprint";
import { PublishService } from "../src/publish/publish.service";
import { PublishWorker, SUPERSEDED } from "../src/publish/publish.worker";
import { storedImageHashes } from "../src/publish/publish.store";
import { dataFileAt } from "../src/site/site.service";
import { FIXTURE_BUSINESS, FIXTURE_FILE, FIXED_NOW, ROOT, SECOND_BUSINESS, SECOND_BUSINESS_FILE, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * `npm run build:all` (docs/publishing.md "Building every site"): the fingerprint of what a site is built from, the
 * code hash, and the run itself with a fake build (server/test/fixtures/fake-build.mjs) and one or two workers on
 * the publish queue: unchanged businesses skipped, a changed revision, recipe or code rebuilt, each business built
 * once, failures reported while the others build. Runs on PGlite, and on PostgreSQL under
 * server/scripts/with-postgres.sh.
 */

const FAKE_BUILD = join(__dirname, "fixtures", "fake-build.mjs");
const EXTRA = ["build-all-north", "build-all-south"];
const ALL = [...EXTRA, FIXTURE_BUSINESS, SECOND_BUSINESS].sort();

let ctx: TestContext;
let owner: MerchantRef;
let sitesDir: string;
let workRoot: string;
let record: string;
const silent = { info: () => undefined, warn: () => undefined };

async function run(options: { workers?: number; code?: string; env?: Record<string, string> } = {}): Promise<BuildAllReport> {
  return buildAll({
    db: ctx.db,
    service: new PublishService({ db: ctx.db, clock: () => FIXED_NOW, sitesDir }),
    clock: () => FIXED_NOW,
    log: silent,
    sitesDir,
    workers: options.workers ?? 1,
    buildCommand: [process.execPath, FAKE_BUILD],
    buildCwd: ROOT,
    workDirOf: (worker) => join(workRoot, String(worker)),
    code: options.code ?? "a".repeat(64),
    env: options.env ?? {},
    leaseMs: 60_000,
    buildTimeoutMs: 20_000,
    pollMs: 10,
  });
}

/** The names built since the record was last cleared, one per build. */
function builds(): string[] {
  const names = readFileSync(record, "utf8").split("\n").filter((line) => line.length > 0).map((line) => line.split("\t")[0]);
  writeFileSync(record, "");
  return names.sort();
}

async function saveFixtureDraft(name: string): Promise<void> {
  const current = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body);
  const data = JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));
  data.name = name;
  const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: current.revision, data } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

before(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), "build-all-sites-"));
  workRoot = mkdtempSync(join(tmpdir(), "build-all-workers-"));
  record = join(mkdtempSync(join(tmpdir(), "build-all-record-")), "builds.txt");
  writeFileSync(record, "");
  process.env.FAKE_BUILD_RECORD = record;
  delete process.env.FAKE_BUILD_MS;
  ({ ctx, owner } = await createWorkspaceContext({ clock: () => FIXED_NOW, env: { SITES_DIR: sitesDir } }));
  const fixture = readFileSync(FIXTURE_FILE, "utf8");
  // Two more businesses made from the fixture, each with an id and a name of its own.
  const extras = EXTRA.map((id) => ({ text: fixture.replace('"id": "fixture-bistro"', `"id": "${id}"`).replace('"name": "Fixture Bistro"', `"name": "${id}"`), label: `${id}.json`, imageDir: dirname(FIXTURE_FILE) }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE), ...extras]);
});
after(async () => {
  delete process.env.FAKE_BUILD_RECORD;
  await ctx.close();
});

describe("the code hash", () => {
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "code-hash-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const files = {
    "plugins/gatsby-theme-x/src/menu.tsx": "export const menu = 1;\n",
    "plugins/gatsby-theme-x/gatsby-node.js": "exports.x = 1;\n",
    "packages/rules/src/money/format.ts": "export const format = 1;\n",
    "gatsby-config.ts": "export default {};\n",
    "gatsby-ssr.tsx": "export {};\n",
    "package-lock.json": "{}\n",
    "server/scripts/build-version.mjs": "// build\n",
    "plugins/gatsby-theme-x/src/__tests__/menu.test.tsx": "test\n",
    "plugins/gatsby-theme-x/README.md": "docs\n",
    "plugins/gatsby-theme-x/node_modules/dep/index.js": "dep\n",
    "packages/rules/src/money/format.test.ts": "test\n",
    "server/src/app.ts": "service\n",
  };

  it("is the same for the same files, in another folder and on every call", () => {
    const a = tree(files);
    const b = tree(files);
    assert.match(codeHash(a), /^[0-9a-f]{64}$/);
    assert.equal(codeHash(a), codeHash(a));
    assert.equal(codeHash(a), codeHash(b));
    assert.equal(codeHash(ROOT), codeHash(ROOT));
  });

  for (const [changed, counts] of [
    ["plugins/gatsby-theme-x/src/menu.tsx", true],
    ["packages/rules/src/money/format.ts", true],
    ["gatsby-ssr.tsx", true],
    ["package-lock.json", true],
    ["server/scripts/build-version.mjs", true],
    ["plugins/gatsby-theme-x/src/__tests__/menu.test.tsx", false],
    ["packages/rules/src/money/format.test.ts", false],
    ["plugins/gatsby-theme-x/README.md", false],
    ["plugins/gatsby-theme-x/node_modules/dep/index.js", false],
    ["server/src/app.ts", false],
  ] as const) {
    it(`${counts ? "changes" : "does not change"} when ${changed} changes`, () => {
      const root = tree(files);
      const before = codeHash(root);
      writeFileSync(join(root, changed), "changed\n");
      assert.equal(codeHash(root) !== before, counts);
      rmSync(root, { recursive: true, force: true });
    });
  }

  it("a new source file changes it", () => {
    const root = tree(files);
    const before = codeHash(root);
    writeFileSync(join(root, "plugins/gatsby-theme-x/src/extra.ts"), "export {};\n");
    assert.notEqual(codeHash(root), before);
  });
});

describe("the fingerprint", () => {
  const base = { fileText: "{}", images: [{ path: "a.jpg", sha256: "1" }, { path: "uploads/b.webp", sha256: "2" }], recipe: "hibiscus", code: "c" };
  it("is the same whatever the order of the images, and changes with the data, an image's bytes, the recipe or the code", () => {
    assert.equal(fingerprint(base), fingerprint({ ...base, images: [...base.images].reverse() }));
    const others = [
      { ...base, fileText: "{ }" },
      { ...base, images: [{ path: "a.jpg", sha256: "1" }, { path: "uploads/b.webp", sha256: "3" }] },
      { ...base, images: [{ path: "a.jpg", sha256: "1" }] },
      { ...base, recipe: "muse" },
      { ...base, code: "d" },
    ];
    for (const other of others) assert.notEqual(fingerprint(other), fingerprint(base));
  });
});

describe("npm run build:all", () => {
  it("builds every business once the first time, with the fingerprint kept on each live version; right after, all are skipped", async () => {
    const first = await run();
    assert.deepEqual([...first.built].sort(), ALL);
    assert.equal(summaryLine(first), "4 built, 0 skipped (unchanged), 0 failed");
    assert.deepEqual(builds(), ["Fixture Bistro", "Osteria Vela", ...EXTRA].sort());
    const { rows } = await ctx.db.query<{ business_id: string; fingerprint: string | null }>(
      "SELECT l.business_id, p.fingerprint FROM site_live l JOIN site_publishes p ON p.business_id = l.business_id AND p.version = l.version ORDER BY l.business_id",
    );
    assert.equal(rows.length, 4);
    for (const row of rows) assert.match(row.fingerprint ?? "", /^[0-9a-f]{64}$/);
    const again = await run();
    assert.equal(summaryLine(again), "0 built, 4 skipped (unchanged), 0 failed");
    assert.deepEqual([...again.skipped].sort(), ALL);
    assert.deepEqual(builds(), []);
  });

  it("never publishes an owner's unpublished draft: it builds what is live, and skips it while that is unchanged", async () => {
    await saveFixtureDraft("Fixture Bistro Renamed");
    const report = await run();
    assert.equal(summaryLine(report), "0 built, 4 skipped (unchanged), 0 failed");
    assert.deepEqual(builds(), []);
    const live = await ctx.db.query<{ revision: number; draft: number }>("SELECT l.revision, h.draft_revision AS draft FROM site_live l JOIN site_heads h USING (business_id) WHERE business_id = $1", [FIXTURE_BUSINESS]);
    assert.ok(live.rows[0].revision < live.rows[0].draft, "the draft stays a draft");
  });

  it("a changed recipe (SITE_RECIPE) rebuilds every business whose recipe it changes, and going back rebuilds them again", async () => {
    assert.equal(summaryLine(await run({ env: { SITE_RECIPE: "muse" } })), "4 built, 0 skipped (unchanged), 0 failed");
    assert.equal(summaryLine(await run({ env: { SITE_RECIPE: "muse" } })), "0 built, 4 skipped (unchanged), 0 failed");
    assert.equal(summaryLine(await run()), "4 built, 0 skipped (unchanged), 0 failed");
    builds();
  });

  it("a changed code hash rebuilds every business; two workers on one queue build each business once, both building", async () => {
    process.env.FAKE_BUILD_MS = "150";
    try {
      const report = await run({ workers: 2, code: "b".repeat(64) });
      assert.deepEqual([...report.built].sort(), ALL);
      // The live revisions, with the new code: the fixture's live name is still its first.
      assert.deepEqual(builds(), ["Fixture Bistro", "Osteria Vela", ...EXTRA].sort());
      assert.deepEqual(new Set(Object.values(report.builtBy)), new Set([1, 2]));
    } finally {
      delete process.env.FAKE_BUILD_MS;
    }
    assert.equal(summaryLine(await run({ workers: 2, code: "b".repeat(64) })), "0 built, 4 skipped (unchanged), 0 failed");
  });

  it("publishes a business that never published from its draft; a failed build is reported with its one-line reason, the others skipped, and it is tried again next time", async () => {
    const fixture = readFileSync(FIXTURE_FILE, "utf8");
    const failing = { text: fixture.replace('"id": "fixture-bistro"', '"id": "build-all-new"').replace('"name": "Fixture Bistro"', '"name": "New (fail the build)"'), label: "new.json", imageDir: dirname(FIXTURE_FILE) };
    await ctx.app.maintenance.seedSiteData([failing]);
    const report = await run({ workers: 2, code: "b".repeat(64) });
    assert.equal(summaryLine(report), "0 built, 4 skipped (unchanged), 1 failed");
    assert.deepEqual(report.failed, [{ business: "build-all-new", reason: "gatsby: error building page /menu/: the fake build was asked to fail" }]);
    assert.deepEqual(builds(), ["New (fail the build)"]);
    const again = await run({ workers: 2, code: "b".repeat(64) });
    assert.equal(summaryLine(again), "0 built, 4 skipped (unchanged), 1 failed");
    assert.deepEqual(builds(), ["New (fail the build)"]);
  });

  it("a business whose draft the workspace already published and is waiting gets that same job, not a second one", async () => {
    await saveFixtureDraft("Fixture Bistro Published");
    const reply = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
    assert.equal(reply.status, 202, JSON.stringify(reply.body));
    const id = PublishCreatedSchema.parse(reply.body).id;
    const report = await run({ code: "b".repeat(64) });
    assert.deepEqual(report.built, [FIXTURE_BUSINESS]);
    const { rows } = await ctx.db.query<{ id: string; status: string }>("SELECT id, status FROM site_publishes WHERE business_id = $1 AND revision = (SELECT draft_revision FROM site_heads WHERE business_id = $1)", [
      FIXTURE_BUSINESS,
    ]);
    assert.deepEqual(rows, [{ id, status: "live" }]);
    assert.deepEqual(builds(), ["Fixture Bistro Published", "New (fail the build)"]);
  });

  it("an older publish that finishes after a newer one went live leaves the newer live, and says so", async () => {
    const publish = async (name: string) => {
      await saveFixtureDraft(name);
      const reply = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
      assert.equal(reply.status, 202, JSON.stringify(reply.body));
      return PublishCreatedSchema.parse(reply.body).id;
    };
    const older = await publish("Bistro (slow build)");
    const newer = await publish("Bistro Fast");
    const worker = (name: string) =>
      new PublishWorker({ db: ctx.db, clock: () => FIXED_NOW, log: silent, sitesDir, buildCommand: [process.execPath, FAKE_BUILD], buildCwd: ROOT, leaseMs: 60_000, buildTimeoutMs: 20_000, workerId: name });
    // The first worker claims the older job (the queue's order), the second the newer, which finishes first.
    const outcomes = await Promise.all([worker("one").runOnce(), worker("two").runOnce()]);
    assert.deepEqual([...outcomes].sort(), ["failed", "live"]);
    const jobs = await ctx.db.query<{ id: string; status: string; version: number; message: string | null }>("SELECT id, status, version, message FROM site_publishes WHERE id = ANY($1::uuid[]) ORDER BY version", [[older, newer]]);
    assert.deepEqual(jobs.rows.map((row) => [row.id, row.status, row.message]), [
      [older, "failed", SUPERSEDED],
      [newer, "live", null],
    ]);
    const live = await ctx.db.query<{ version: number }>("SELECT version FROM site_live WHERE business_id = $1", [FIXTURE_BUSINESS]);
    assert.equal(live.rows[0].version, jobs.rows[1].version);
    assert.match(readFileSync(join(sitesDir, FIXTURE_BUSINESS, "live", "index.html"), "utf8"), /Bistro Fast/);
    builds();
  });
});

describe("a failure's one line", () => {
  it("is the log's last line naming a problem, without the exit line; else its last line; else the owner's sentence", () => {
    assert.equal(failureLine("info: building\nerror: Cannot find module 'x'\nmore output\nbuild exited with code 1", "msg"), "error: Cannot find module 'x'");
    assert.equal(failureLine("business.json: name: expected a name\n", "msg"), "business.json: name: expected a name");
    assert.equal(failureLine("just this\n", "msg"), "just this");
    assert.equal(failureLine(null, "The site could not be built."), "The site could not be built.");
  });
});

describe("the command", () => {
  const tsx = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });

  it("npm run build:all -- --workers 2 prints what it built, skipped and failed with each failure's line, and exits 1 on a failure", () => {
    const dir = mkdtempSync(join(tmpdir(), "build-all-command-"));
    const failing = join(dir, "failing", "business.json");
    mkdirSync(dirname(failing), { recursive: true });
    writeFileSync(failing, readFileSync(FIXTURE_FILE, "utf8").replace('"name": "Fixture Bistro"', '"name": "Bistro (fail the build)"'));
    // The command's own database: a PGlite folder of its own (the test's service holds no lock on it).
    const env = { DATABASE_URL: "", DATA_DIR: join(dir, "db"), SITES_DIR: join(dir, "sites"), PUBLISH_BUILD_COMMAND: `${process.execPath} ${FAKE_BUILD}`, FAKE_BUILD_RECORD: join(dir, "record.txt") };
    for (const file of [SECOND_BUSINESS_FILE, failing]) assert.equal(tsx("server/scripts/merchant-import.ts", ["--file", file], env).status, 0);
    const first = tsx("server/scripts/build-all.ts", ["--workers", "2", "--quiet"], env);
    assert.equal(first.status, 1, first.stderr);
    assert.match(first.stdout, /^1 built, 0 skipped \(unchanged\), 1 failed in [\d.]+ s with 2 workers\nfailed: fixture-bistro: gatsby: error building page \/menu\/: the fake build was asked to fail\n$/);
    const second = tsx("server/scripts/build-all.ts", ["--quiet"], env);
    assert.match(second.stdout, /^0 built, 1 skipped \(unchanged\), 1 failed in [\d.]+ s with 1 worker\n/);
    const wrong = tsx("server/scripts/build-all.ts", ["--workers", "0"], env);
    assert.equal(wrong.status, 1);
    assert.equal(wrong.stderr, "--workers: expected at least 1\n");
  });
});

describe("the photos in the fingerprint", () => {
  it("an upload counts by the sha256 of its stored bytes, taken by the database", async () => {
    const bytes = Buffer.from("not really a webp, but bytes the database hashes");
    const path = `uploads/${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.webp`;
    await ctx.db.query("INSERT INTO site_images (business_id, path, bytes, width, height, content_type, user_email, created_at) VALUES ($1, $2, $3, 1, 1, 'image/webp', 'owner@bistro.test', $4)", [
      FIXTURE_BUSINESS,
      path,
      bytes,
      FIXED_NOW,
    ]);
    const hashes = await storedImageHashes(ctx.db, FIXTURE_BUSINESS, [path, "uploads/0000000000000000.webp"]);
    assert.deepEqual([...hashes], [[path, createHash("sha256").update(bytes).digest("hex")]]);
    assert.deepEqual([...(await storedImageHashes(ctx.db, SECOND_BUSINESS, [path]))], []);
  });
});
