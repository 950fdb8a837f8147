import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PublishCreatedSchema, PublishStatusReplySchema } from "@mainstreet/rules/api/publish-api";
import { SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { FAILED_BUILD, FAILED_DATA, FAILED_TIMEOUT, PublishWorker, SUPERSEDED, type RunOutcome } from "../src/publish/publish.worker";
import { claimJob, jobLog } from "../src/publish/publish.store";
import { KEPT_VERSIONS } from "../src/publish/site-folders";
import { dataFileAt } from "../src/site/site.service";
import { FIXTURE_BUSINESS, FIXTURE_FILE, FIXED_NOW, SECOND_BUSINESS_FILE, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * Publishing (docs/publishing.md): the routes' shapes and access, the queue and the worker with a fake build
 * (a node script that writes a folder, fails or hangs on demand), the atomic live link, rollback, five kept
 * versions and a job reclaimed after its worker's lease ran out. Runs on PGlite, and on PostgreSQL under
 * server/scripts/with-postgres.sh.
 */

const FAKE_BUILD = join(__dirname, "fixtures", "fake-build.mjs");
const LEASE_MS = 60_000;

let ctx: TestContext;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;
let now = FIXED_NOW;
let sitesDir: string;
let record: string;
const fixture = (): Json => JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));

const silent = { info: () => undefined, warn: () => undefined };
function worker(options: { buildTimeoutMs?: number; workerId?: string; env?: Record<string, string> } = {}): PublishWorker {
  Object.assign(process.env, { FAKE_BUILD_RECORD: record, ...options.env });
  return new PublishWorker({
    db: ctx.db,
    clock: () => now,
    log: silent,
    sitesDir,
    buildCommand: [process.execPath, FAKE_BUILD],
    buildCwd: process.cwd(),
    leaseMs: LEASE_MS,
    buildTimeoutMs: options.buildTimeoutMs ?? 20_000,
    workerId: options.workerId,
  });
}

const liveTarget = () => readlinkSync(join(sitesDir, FIXTURE_BUSINESS, "live"));
const liveHtml = () => readFileSync(join(sitesDir, FIXTURE_BUSINESS, "live", "index.html"), "utf8");

async function draftRevision(): Promise<number> {
  return SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).revision;
}

/** Saves the fixture with this name and burger price as the new draft. */
async function saveDraft(name: string, price: number): Promise<void> {
  const data = fixture();
  data.name = name;
  data.menu.items[0].variations[0].price = price;
  const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: await draftRevision(), data } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

async function publish(): Promise<string> {
  const reply = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
  assert.equal(reply.status, 202, JSON.stringify(reply.body));
  return PublishCreatedSchema.parse(reply.body).id;
}

async function status(id: string, who: MerchantRef = owner) {
  const reply = await manageCall<Json>(ctx.app, "GET", `site/publishes/${id}/`, who);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return PublishStatusReplySchema.parse(reply.body);
}

/** Saves, publishes and builds: the version that went live. */
async function publishLive(name: string, price: number): Promise<number> {
  await saveDraft(name, price);
  const id = await publish();
  assert.equal(await worker().runOnce(), "live");
  return (await status(id)).version;
}

before(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), "publish-sites-"));
  record = join(mkdtempSync(join(tmpdir(), "publish-record-")), "builds.txt");
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ clock: () => now, env: { SITES_DIR: sitesDir } }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE)]);
});
after(() => ctx.close());

describe("POST manage/site/publishes/ and GET manage/site/publishes/{id}/", () => {
  it("queues the draft (202 { id }); a second Publish of the same draft gets the same job; staff read its status, only owners publish", async () => {
    const id = await publish();
    assert.equal(await publish(), id);
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/publishes/", staff)).status, 403);
    now = new Date(FIXED_NOW.getTime() + 7_000);
    assert.deepEqual(await status(id, staff), { status: "queued", version: 1, revision: 1, seconds: 7 });
    assert.equal((await manageCall<Json>(ctx.app, "GET", `site/publishes/${id}/`, otherOwner)).status, 403);
    const bad = await manageCall<Json>(ctx.app, "GET", "site/publishes/not-an-id/", owner);
    assert.equal(bad.status, 400);
    assert.equal(SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).live, null);
  });

  it("builds it into versions/1, points live at it, and reports live with the total seconds; GET manage/site/ fills live", async () => {
    const id = await publish();
    now = new Date(FIXED_NOW.getTime() + 30_000);
    assert.equal(await worker().runOnce(), "live");
    now = new Date(FIXED_NOW.getTime() + 90_000);
    assert.deepEqual(await status(id), { status: "live", version: 1, revision: 1, seconds: 30 });
    assert.equal(liveTarget(), "versions/1");
    assert.match(liveHtml(), /Fixture Bistro/);
    const site = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", staff)).body);
    assert.deepEqual(site.live, { version: 1, revision: 1, published_at: new Date(FIXED_NOW.getTime() + 30_000).toISOString() });
    assert.equal(await worker().runOnce(), "idle");
  });
});

describe("a failed build", () => {
  const cases: { name: string; outcome: RunOutcome; message: string; log: RegExp; timeoutMs?: number }[] = [
    { name: "Bistro (fail the build)", outcome: "failed", message: FAILED_BUILD, log: /^gatsby: error building page \/menu\/: the fake build was asked to fail\n[\s\S]*exited with code 1/ },
    { name: "Bistro (write nothing)", outcome: "failed", message: FAILED_BUILD, log: /wrote no index\.html/ },
    { name: "Bistro (hang the build)", outcome: "failed", message: FAILED_TIMEOUT, log: /build stopped after 500 ms/, timeoutMs: 500 },
  ];
  for (const testCase of cases) {
    it(`${testCase.name}: marks the job failed with one sentence for the owner, keeps the log for the operator, and never touches live`, async () => {
      await saveDraft(testCase.name, 12.5);
      const id = await publish();
      assert.equal(await worker({ buildTimeoutMs: testCase.timeoutMs }).runOnce(), testCase.outcome);
      const reply = await status(id);
      assert.equal(reply.status, "failed");
      assert.equal(reply.message, testCase.message);
      assert.match((await jobLog(ctx.db, id)) ?? "", testCase.log);
      assert.equal(liveTarget(), "versions/1");
      assert.match(liveHtml(), /Fixture Bistro/);
      assert.equal(existsSync(join(sitesDir, FIXTURE_BUSINESS, "versions", String(reply.version))), false);
    });
  }

  it("data the contract refuses (a revision the database holds but a build would not take) fails before the build, with its problem in the log", async () => {
    const draft = await draftRevision();
    // A revision written past the service's own checks (an older contract): the worker checks it again.
    await ctx.db.query("UPDATE site_revisions SET file_text = $3::text, data = $3::text::jsonb WHERE business_id = $1 AND revision = $2", [
      FIXTURE_BUSINESS,
      draft,
      JSON.stringify({ ...fixture(), name: "" }),
    ]);
    const id = await publish();
    assert.equal(await worker().runOnce(), "failed");
    assert.equal((await status(id)).message, FAILED_DATA);
    assert.match((await jobLog(ctx.db, id)) ?? "", /business\.json: name: /);
    assert.equal(liveTarget(), "versions/1");
  });
});

describe("POST manage/site/rollback/", () => {
  it("switches live back to an earlier kept version at once; a version that never went live is refused; staff cannot", async () => {
    const second = await publishLive("Fixture Bistro", 13);
    assert.equal(liveTarget(), `versions/${second}`);
    assert.match(liveHtml(), /<p>13<\/p>/);
    now = new Date(FIXED_NOW.getTime() + 120_000);
    const reply = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: 1 } });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(reply.body, { version: 1, revision: 1, published_at: now.toISOString() });
    assert.equal(liveTarget(), "versions/1");
    assert.match(liveHtml(), /<p>12.5<\/p>/);
    assert.equal(SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).live?.version, 1);
    const failed = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: 2 } });
    assert.equal(failed.status, 422);
    assert.equal(failed.body.detail[0].path, "version");
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/rollback/", staff, { body: { version: second } })).status, 403);
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: second } })).status, 200);
    assert.equal(liveTarget(), `versions/${second}`);
  });
});

describe("versions kept", () => {
  it(`keeps the newest ${KEPT_VERSIONS} version folders, and a rollback cannot reach one removed`, async () => {
    let last = 0;
    for (let price = 20; price < 20 + KEPT_VERSIONS + 1; price += 1) last = await publishLive("Fixture Bistro", price);
    const kept = readdirSync(join(sitesDir, FIXTURE_BUSINESS, "versions")).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    assert.deepEqual(kept, Array.from({ length: KEPT_VERSIONS }, (_, index) => last - KEPT_VERSIONS + 1 + index));
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: 1 } })).status, 422);
  });
});

describe("the queue", () => {
  it("a job whose worker died is claimed again only once its lease has run out, and goes live", async () => {
    await saveDraft("Fixture Bistro", 40);
    const id = await publish();
    const claimed = await claimJob(ctx.db, "worker-that-dies", now, new Date(now.getTime() + LEASE_MS));
    assert.equal(claimed?.id, id);
    const rescuer = worker({ workerId: "rescuer" });
    now = new Date(now.getTime() + LEASE_MS - 1_000);
    assert.equal(await rescuer.runOnce(), "idle");
    assert.equal((await status(id)).status, "building");
    now = new Date(now.getTime() + 2_000);
    assert.equal(await rescuer.runOnce(), "live");
    const job = (await ctx.db.query<{ attempts: number }>("SELECT attempts FROM site_publishes WHERE id = $1", [id])).rows[0];
    assert.equal(job.attempts, 2);
    assert.match(liveHtml(), /<p>40<\/p>/);
  });

  it("a worker whose lease ran out while it built neither replaces the folder nor switches live: the worker that took the job over did", async () => {
    await saveDraft("Bistro lease lost", 45);
    const id = await publish();
    const slow = worker({ workerId: "slow", env: { FAKE_BUILD_MS: "800" } });
    const slowRun = slow.runOnce();
    // Until the slow build has started (it records itself first), so it keeps its own 800 ms.
    while (!(existsSync(record) && readFileSync(record, "utf8").includes("Bistro lease lost"))) await new Promise((resolvePromise) => setImmediate(resolvePromise));
    now = new Date(now.getTime() + LEASE_MS + 1_000);
    assert.equal(await worker({ workerId: "took-over", env: { FAKE_BUILD_MS: "0" } }).runOnce(), "live");
    const { version } = await status(id);
    assert.equal(await slowRun, "lost");
    assert.equal(liveTarget(), `versions/${version}`);
    assert.match(liveHtml(), /Bistro lease lost/);
    assert.deepEqual(readdirSync(join(sitesDir, FIXTURE_BUSINESS, "versions")).filter((name) => name.startsWith(".")), []);
  });

  /**
   * Publishes of one business built side by side: each went live in its turn, or, finishing after a newer one went
   * live, ended without switching (SUPERSEDED); the newest is live either way.
   */
  async function assertNewestLive(ids: readonly string[], outcomes: readonly RunOutcome[]): Promise<void> {
    const statuses = await Promise.all(ids.map((id) => status(id)));
    for (const [index, reply] of statuses.entries()) {
      assert.ok(reply.status === "live" || (reply.status === "failed" && reply.message === SUPERSEDED), `job ${index}: ${JSON.stringify(reply)}`);
    }
    assert.equal(statuses.at(-1)?.status, "live", "the newest publish is live");
    assert.equal(outcomes.filter((outcome) => outcome === "live").length, statuses.filter((reply) => reply.status === "live").length);
  }

  it("two workers draining one queue at once build every job exactly once", async () => {
    const names: string[] = [];
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      names.push(`Bistro race ${index}`);
      await saveDraft(names[index], 50 + index);
      ids.push(await publish());
    }
    const drain = async (one: PublishWorker) => {
      const outcomes: RunOutcome[] = [];
      for (let outcome = await one.runOnce(); outcome !== "idle"; outcome = await one.runOnce()) outcomes.push(outcome);
      return outcomes;
    };
    const [a, b] = await Promise.all([drain(worker({ workerId: "a", env: { FAKE_BUILD_MS: "150" } })), drain(worker({ workerId: "b", env: { FAKE_BUILD_MS: "150" } }))]);
    assert.equal(a.length + b.length, 6);
    const built = readFileSync(record, "utf8").split("\n").filter((line) => line.startsWith("Bistro race "));
    assert.deepEqual(built.map((line) => line.split("\t")[0]).sort(), [...names].sort());
    await assertNewestLive(ids, [...a, ...b]);
  });

  it("claims made at the same moment never hand one job to two workers (FOR UPDATE SKIP LOCKED)", async () => {
    for (let index = 0; index < 4; index += 1) {
      await saveDraft(`Bistro claim ${index}`, 60 + index);
      await publish();
    }
    const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claimJob(ctx.db, `claimer-${index}`, now, new Date(now.getTime() + LEASE_MS))));
    const ids = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
    assert.equal(ids.length, 4);
    assert.equal(new Set(ids).size, 4);
  });

  // Two processes of their own, as `npm run build-worker` runs them: PostgreSQL only (PGlite is one process).
  for (const engine of process.env.DATABASE_URL ? ["PostgreSQL"] : []) {
    it(`two worker processes on one ${engine} build every job exactly once`, async () => {
      const names: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        names.push(`Bistro process ${index}`);
        await saveDraft(names[index], 70 + index);
        await publish();
      }
      const schema = (await ctx.db.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0].schema;
      const run = (id: string) =>
        new Promise<RunOutcome[]>((resolvePromise, reject) => {
          const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "fixtures", "drain-queue.ts")], {
            env: { ...process.env, TEST_SCHEMA: schema, SITES_DIR: sitesDir, WORKER_ID: id, TEST_NOW: now.toISOString(), FAKE_BUILD_RECORD: record, FAKE_BUILD_MS: "200" },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let out = "";
          let err = "";
          child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
          child.on("close", (code) => (code === 0 ? resolvePromise(JSON.parse(out) as RunOutcome[]) : reject(new Error(`worker ${id} exited ${code}: ${err}`))));
        });
      const [a, b] = await Promise.all([run("process-a"), run("process-b")]);
      assert.equal(a.length + b.length, 6);
      assert.ok([...a, ...b].every((outcome) => outcome === "live" || outcome === "failed"));
      const newest = await ctx.db.query<{ live: number; newest: number }>(
        "SELECT (SELECT version FROM site_live WHERE business_id = $1) AS live, (SELECT max(version) FROM site_publishes WHERE business_id = $1 AND kind = 'publish') AS newest",
        [FIXTURE_BUSINESS],
      );
      assert.equal(newest.rows[0].live, newest.rows[0].newest, "the newest publish is live");
      const built = readFileSync(record, "utf8").split("\n").filter((line) => line.startsWith("Bistro process "));
      assert.deepEqual(built.map((line) => line.split("\t")[0]).sort(), [...names].sort());
    });
  }
});
