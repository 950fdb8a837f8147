import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PREVIEW_REFUSAL, PreviewStatusReplySchema, PublishCreatedSchema, PublishListReplySchema, PublishStatusReplySchema } from "@mainstreet/rules/api/publish-api";
import { SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { FAILED_PREVIEW_BUILD, PublishWorker, type RunOutcome } from "../src/publish/publish.worker";
import { claimJob } from "../src/publish/publish.store";
import { KEPT_PREVIEWS } from "../src/publish/site-folders";
import { previewTokenOf, previewUrl } from "../src/static/preview-sites";
import { dataFileAt } from "../src/site/site.service";
import { API, FIXTURE_BUSINESS, FIXTURE_FILE, FIXED_NOW, SECOND_BUSINESS_FILE, call, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * Previews (docs/publishing.md "Preview"): jobs of the publish queue that build the draft into a preview
 * folder and never switch live; served on `<token>.<PREVIEW_DOMAIN>` with noindex and no-store, an unknown
 * or expired token a plain 404; the newest three kept; mutating API calls from a preview host refused.
 * Runs on PGlite, and on PostgreSQL under server/scripts/with-postgres.sh.
 */

const FAKE_BUILD = join(__dirname, "fixtures", "fake-build.mjs");
const LEASE_MS = 60_000;

let ctx: TestContext;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;
let now = FIXED_NOW;
let sitesDir: string;
const fixture = (): Json => JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

function worker(options: { workerId?: string; env?: Record<string, string> } = {}): PublishWorker {
  Object.assign(process.env, { FAKE_BUILD_RECORD: join(sitesDir, "builds.txt"), FAKE_BUILD_MS: "0", ...options.env });
  return new PublishWorker({
    db: ctx.db,
    clock: () => now,
    log: { info: () => undefined, warn: () => undefined },
    sitesDir,
    buildCommand: [process.execPath, FAKE_BUILD],
    buildCwd: process.cwd(),
    leaseMs: LEASE_MS,
    buildTimeoutMs: 20_000,
    workerId: options.workerId,
  });
}

async function saveDraft(name: string, price: number): Promise<number> {
  const site = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body);
  const data = fixture();
  data.name = name;
  data.menu.items[0].variations[0].price = price;
  const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: site.revision, data } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return (saved.body as { revision: number }).revision;
}

async function preview(): Promise<string> {
  const reply = await manageCall<Json>(ctx.app, "POST", "site/previews/", owner);
  assert.equal(reply.status, 202, JSON.stringify(reply.body));
  return PublishCreatedSchema.parse(reply.body).id;
}

async function previewStatus(id: string, who: MerchantRef = owner) {
  const reply = await manageCall<Json>(ctx.app, "GET", `site/previews/${id}/`, who);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return PreviewStatusReplySchema.parse(reply.body);
}

/** Saves a draft, previews it and builds it: the preview's address. */
async function readyPreview(name: string, price: number): Promise<string> {
  await saveDraft(name, price);
  const id = await preview();
  assert.equal(await worker().runOnce(), "live");
  const ready = await previewStatus(id);
  assert.equal(ready.status, "ready");
  return ready.url as string;
}

const hostOf = (url: string) => new URL(url).host;

before(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), "preview-sites-"));
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ clock: () => now, env: { SITES_DIR: sitesDir } }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE)]);
});
after(() => ctx.close());

describe("preview host names", () => {
  const TOKEN = "0123456789abcdef0123456789abcdef";
  const cases: [host: string | undefined, domain: string, token: string | null][] = [
    [`${TOKEN}.preview.localhost:8000`, "preview.localhost", TOKEN],
    [`${TOKEN.toUpperCase()}.PREVIEW.localhost`, "preview.localhost", TOKEN],
    [`${TOKEN}.preview.example.com`, "preview.example.com", TOKEN],
    [`${TOKEN}.preview.example.com.evil.test`, "preview.example.com", null],
    [`a.${TOKEN}.preview.localhost`, "preview.localhost", null],
    ["short.preview.localhost", "preview.localhost", null],
    ["preview.localhost:8000", "preview.localhost", null],
    [`${TOKEN}.previewxlocalhost`, "preview.localhost", null],
    ["localhost:8000", "preview.localhost", null],
    [undefined, "preview.localhost", null],
  ];
  for (const [host, domain, token] of cases) {
    it(`${host ?? "(no host)"} on ${domain} → ${token ?? "not a preview"}`, () => assert.equal(previewTokenOf(host, domain), token));
  }
  it("a preview's address keeps the scheme and port the workspace was reached on", () => {
    assert.equal(previewUrl(TOKEN, "preview.localhost", { protocol: "http", host: "localhost:8000" }), `http://${TOKEN}.preview.localhost:8000/`);
    assert.equal(previewUrl(TOKEN, "preview.example.com", { protocol: "https", host: "app.example.com" }), `https://${TOKEN}.preview.example.com/`);
  });
});

describe("POST manage/site/previews/ and GET manage/site/previews/{id}/", () => {
  it("queues the draft (202 { id }), the same job while it waits; a Publish of the same draft is a job of its own; only owners preview, staff read", async () => {
    const id = await preview();
    assert.equal(await preview(), id);
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/previews/", staff)).status, 403);
    later(4);
    assert.deepEqual(await previewStatus(id, staff), { status: "queued", revision: 1, seconds: 4 });
    assert.equal((await manageCall<Json>(ctx.app, "GET", `site/previews/${id}/`, otherOwner)).status, 403);
    // A preview is not a publish, by either route.
    assert.equal((await manageCall<Json>(ctx.app, "GET", `site/publishes/${id}/`, owner)).status, 403);
    const publish = PublishCreatedSchema.parse((await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner)).body).id;
    assert.notEqual(publish, id);
    assert.equal((await manageCall<Json>(ctx.app, "GET", `site/previews/${publish}/`, owner)).status, 403);
    // The preview took no version number: the publish is version 1.
    assert.equal(PublishStatusReplySchema.parse((await manageCall<Json>(ctx.app, "GET", `site/publishes/${publish}/`, owner)).body).version, 1);
  });

  it("is built into previews/<id>/ and reported ready with its own host; the live site is not switched", async () => {
    const outcomes: RunOutcome[] = [];
    for (let outcome = await worker().runOnce(); outcome !== "idle"; outcome = await worker().runOnce()) outcomes.push(outcome);
    assert.deepEqual(outcomes, ["live", "live"]);
    const revision = await saveDraft("Bistro in preview", 41);
    const id = await preview();
    later(3);
    assert.equal(await worker().runOnce(), "live");
    later(10);
    const ready = await previewStatus(id);
    assert.equal(ready.status, "ready");
    assert.equal(ready.revision, revision);
    assert.equal(ready.seconds, 3);
    // Served on the scheme and port the workspace was reached on (light-my-request's localhost:80).
    assert.match(ready.url ?? "", /^http:\/\/[0-9a-f]{32}\.preview\.localhost:80\/$/);
    assert.ok(existsSync(join(sitesDir, FIXTURE_BUSINESS, "previews", id, "index.html")));
    const site = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body);
    assert.equal(site.live?.revision, 1);
    assert.doesNotMatch(readFileSync(join(sitesDir, FIXTURE_BUSINESS, "live", "index.html"), "utf8"), /Bistro in preview/);
  });

  it("a failed preview build reports the owner's sentence and leaves the live site alone", async () => {
    await saveDraft("Bistro fail the build", 42);
    const id = await preview();
    assert.equal(await worker().runOnce(), "failed");
    const failed = await previewStatus(id);
    assert.equal(failed.status, "failed");
    assert.equal(failed.message, FAILED_PREVIEW_BUILD);
    assert.equal(failed.url, undefined);
    assert.doesNotMatch(readFileSync(join(sitesDir, FIXTURE_BUSINESS, "live", "index.html"), "utf8"), /fail the build/);
  });
});

describe("serving a preview on its own host", () => {
  it("serves the preview's pages with noindex, no-store HTML, and a frame policy that lets the workspace show it", async () => {
    const url = await readyPreview("Bistro served preview", 43);
    const home = await call(ctx.app, "GET", "/", { headers: { host: hostOf(url) } });
    assert.equal(home.status, 200);
    assert.match(String(home.body), /Bistro served preview/);
    assert.match(String(home.body), /<p>43<\/p>/);
    assert.equal(home.headers["x-robots-tag"], "noindex");
    assert.equal(home.headers["cache-control"], "no-store");
    assert.equal(home.headers["x-frame-options"], undefined);
    assert.match(String(home.headers["content-security-policy"]), /frame-ancestors http:\/\/localhost:\*/);
    // Host names are case-insensitive.
    assert.equal((await call(ctx.app, "GET", "/", { headers: { host: hostOf(url).toUpperCase() } })).status, 200);
    // A page the preview lacks is its own 404 page, not the live site's.
    const missing = await call(ctx.app, "GET", "/no-such-page/", { headers: { host: hostOf(url) } });
    assert.equal(missing.status, 404);
    assert.match(String(missing.body), /Not found/);
    assert.equal(missing.headers["x-robots-tag"], "noindex");
    // The live site on the service's own host is unchanged.
    assert.doesNotMatch(String((await call(ctx.app, "GET", "/", { headers: { host: "localhost:8000" } })).body), /Bistro served preview/);
  });

  it("an unknown token is a plain 404 that says the preview does not exist", async () => {
    const reply = await call(ctx.app, "GET", "/", { headers: { host: `${"0".repeat(32)}.preview.localhost:8000` } });
    assert.equal(reply.status, 404);
    assert.match(String(reply.headers["content-type"]), /^text\/plain/);
    assert.match(String(reply.body), /does not exist or has expired/);
    assert.equal(reply.headers["x-robots-tag"], "noindex");
  });

  it(`keeps the newest ${KEPT_PREVIEWS} previews; an older preview's address is a 404`, async () => {
    const urls: string[] = [];
    for (let index = 0; index < KEPT_PREVIEWS + 1; index += 1) {
      urls.push(await readyPreview(`Bistro kept ${index}`, 50 + index));
      later(1);
    }
    assert.equal((await call(ctx.app, "GET", "/", { headers: { host: hostOf(urls[0]) } })).status, 404);
    for (const url of urls.slice(1)) assert.equal((await call(ctx.app, "GET", "/", { headers: { host: hostOf(url) } })).status, 200);
  });

  it("refuses orders and bookings from a preview (its host, or a page of it calling across origins) with a plain sentence; reads still work", async () => {
    const url = await readyPreview("Bistro no orders", 44);
    const order = { location_id: "loc-main", line_items: [] };
    const byHost = await call(ctx.app, "POST", `${API}/orders/`, { body: order, headers: { host: hostOf(url) } });
    assert.equal(byHost.status, 403);
    assert.deepEqual(byHost.body, { message: PREVIEW_REFUSAL });
    const byOrigin = await call(ctx.app, "POST", `${API}/orders/`, { body: order, headers: { host: "localhost:8000", origin: url.replace(/\/$/, "") } });
    assert.equal(byOrigin.status, 403);
    assert.deepEqual(byOrigin.body, { message: PREVIEW_REFUSAL });
    assert.equal((await call(ctx.app, "GET", `${API}/health`, { headers: { host: hostOf(url) } })).status, 200);
    // The same call from the live site's own host is not refused for being a preview.
    const live = await call(ctx.app, "POST", `${API}/orders/`, { body: order, headers: { host: "localhost:8000" } });
    assert.notEqual(live.status, 403);
  });

  it("does not hand a preview the live site's facts: it shows the draft as it was built", async () => {
    const url = await readyPreview("Bistro facts", 46);
    const facts = `${API}/businesses/fixture-bistro/site-facts/`;
    const fromPreview = await call<Json>(ctx.app, "GET", facts, { headers: { host: hostOf(url) } });
    assert.equal(fromPreview.status, 404);
    assert.match(fromPreview.body.message, /^A preview shows the draft as it was built/);
    assert.equal((await call(ctx.app, "GET", facts, { headers: { host: "localhost:8000" } })).status, 200, "the live site reads them");
  });
});

describe("GET manage/site/publishes/", () => {
  it("lists the latest publishes, newest first, with who pressed Publish and whether each version is kept; staff read it", async () => {
    await saveDraft("Bistro listed", 45);
    const id = PublishCreatedSchema.parse((await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner)).body).id;
    later(2);
    const reply = await manageCall<Json>(ctx.app, "GET", "site/publishes/?limit=2", staff);
    assert.equal(reply.status, 200);
    assert.equal(reply.headers["cache-control"], "no-store");
    const { publishes } = PublishListReplySchema.parse(reply.body);
    assert.equal(publishes.length, 2);
    assert.deepEqual({ ...publishes[0], queued_at: undefined }, {
      id,
      status: "queued",
      version: 2,
      revision: publishes[0].revision,
      seconds: 2,
      queued_at: undefined,
      finished_at: null,
      requested_by: "owner@bistro.test",
      kept: false,
    });
    assert.equal(publishes[1].status, "live");
    assert.equal(publishes[1].kept, true);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "site/publishes/?limit=0", owner)).status, 400);
    assert.equal(PublishListReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/publishes/", otherOwner)).body).publishes.length, 0);
  });
});

describe("the shared queue", () => {
  it("claims made at the same moment hand each preview and publish to one worker only (FOR UPDATE SKIP LOCKED)", async () => {
    for (let index = 0; index < 3; index += 1) {
      await saveDraft(`Bistro claimed ${index}`, 70 + index);
      await preview();
      await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
    }
    const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => claimJob(ctx.db, `claimer-${index}`, now, new Date(now.getTime() + LEASE_MS))));
    const claimed = claims.filter((claim) => claim !== undefined);
    // Six new jobs, and the publish queued by the test before.
    assert.equal(claimed.length, 7);
    assert.equal(new Set(claimed.map((claim) => claim.id)).size, 7);
    assert.deepEqual(claimed.map((claim) => claim.kind).sort(), ["preview", "preview", "preview", "publish", "publish", "publish", "publish"]);
  });
});
