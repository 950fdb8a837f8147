import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PublishCreatedSchema } from "@mainstreet/rules/api/publish-api";
import { ClosedTodayReplySchema, SiteFactsReplySchema, type SiteFactsReply } from "@mainstreet/rules/api/site-facts-api";
import { RevisionsReplySchema, SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { FulfillmentSlotsViewSchema } from "@mainstreet/rules/api/order-api";
import { PublishWorker } from "../src/publish/publish.worker";
import { dataFileAt } from "../src/site/site.service";
import { API, FIXTURE_BUSINESS, FIXTURE_FILE, FIXED_NOW, call, createOrder, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * Facts read live (docs/publishing.md "Facts read live"): the hours, special hours and announcement of the
 * revision last published answer from `GET businesses/{id}/site-facts/` from the moment Publish is pressed; a
 * failed build puts back the live version's, a rollback its version's; "Closed today" writes a revision, closes
 * the location's today on the live facts at once and stops today's order and reservation times. Runs on PGlite,
 * and on PostgreSQL under server/scripts/with-postgres.sh.
 */

const FAKE_BUILD = join(__dirname, "fixtures", "fake-build.mjs");
const TODAY = "2030-06-04";

let ctx: TestContext;
let owner: MerchantRef;
let staff: MerchantRef;
let sitesDir: string;
const now = FIXED_NOW;
const fixture = (): Json => JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));
const silent = { info: () => undefined, warn: () => undefined };

function worker(): PublishWorker {
  return new PublishWorker({ db: ctx.db, clock: () => now, log: silent, sitesDir, buildCommand: [process.execPath, FAKE_BUILD], buildCwd: process.cwd(), leaseMs: 60_000, buildTimeoutMs: 20_000 });
}

async function facts(headers: Record<string, string> = {}) {
  return call<Json>(ctx.app, "GET", `${API}/businesses/${FIXTURE_BUSINESS}/site-facts/`, { headers });
}

async function liveFacts(): Promise<SiteFactsReply> {
  const reply = await facts();
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return SiteFactsReplySchema.parse(reply.body);
}

const specialOf = (reply: SiteFactsReply, locationId: string) => reply.locations.find((location) => location.id === locationId)?.special_hours ?? [];

async function draftRevision(): Promise<number> {
  return SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).revision;
}

/** Saves the fixture with this announcement and these special dates at the main location: the new draft's number. */
async function saveDraft(options: { announcement: string; special?: Json[]; name?: string }): Promise<number> {
  const data = fixture();
  if (options.name) data.name = options.name;
  data.announcement = { text: options.announcement, settings: { referenceId: options.announcement.toLowerCase().replace(/\W+/g, "-") } };
  data.locations[0].specialHours = options.special ?? [];
  const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: await draftRevision(), data } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return saved.body.revision;
}

async function publish(): Promise<void> {
  const reply = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
  assert.equal(reply.status, 202, JSON.stringify(reply.body));
  PublishCreatedSchema.parse(reply.body);
}

async function pickupToday(): Promise<{ asap: boolean; todaySlots: number }> {
  const order = await createOrder(ctx.app);
  const reply = await call<Json>(ctx.app, "GET", `${API}/orders/${order.id}/fulfillment-slots/?method=pickup`, { token: order.session_token });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  const view = FulfillmentSlotsViewSchema.parse(reply.body);
  return { asap: view.asap.available, todaySlots: view.days.find((day) => day.date === TODAY)?.slots.length ?? 0 };
}

async function reservationSlotsToday(): Promise<number> {
  const reply = await call<Json>(ctx.app, "GET", `${API}/reservations/slots/?business_id=${FIXTURE_BUSINESS}&location_id=loc-main&date=${TODAY}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return (reply.body.slots as Json[]).length;
}

before(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), "site-facts-sites-"));
  ({ ctx, owner, staff } = await createWorkspaceContext({ clock: () => now, env: { SITES_DIR: sitesDir } }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE)]);
});
after(() => ctx.close());

describe("GET businesses/{id}/site-facts/", () => {
  it("before any publish answers the data file's facts (revision null), cached 30 s, and 304 to its own ETag", async () => {
    const reply = await facts();
    assert.equal(reply.status, 200);
    assert.equal(reply.headers["cache-control"], "public, max-age=30");
    const body = SiteFactsReplySchema.parse(reply.body);
    assert.equal(body.revision, null);
    assert.deepEqual(body.locations.map((location) => location.id), ["loc-main", "loc-harbor", "loc-london"]);
    assert.deepEqual(body.locations[0].hours.find((entry) => entry.day === 2), { day: 2, open: 1100, close: 2200 });
    assert.equal(body.announcement, null);
    const etag = String(reply.headers.etag);
    assert.equal((await facts({ "if-none-match": etag })).status, 304);
    assert.equal((await call(ctx.app, "GET", `${API}/businesses/no-such-business/site-facts/`)).status, 404);
  });

  it("Publish makes the revision's special hours and announcement answer at once, before its build; later draft edits stay off", async () => {
    const revision = await saveDraft({ announcement: "Patio open", special: [{ date: "2030-06-06", closed: true, label: "Staff day" }, { date: "2030-07-30", closed: true }] });
    await publish();
    const answered = await liveFacts();
    assert.equal(answered.revision, revision);
    assert.equal(answered.announcement?.text, "Patio open");
    // The window: yesterday to two weeks ahead in the location's zone; July's closure is the build's to bake in.
    assert.deepEqual(specialOf(answered, "loc-main"), [{ date: "2030-06-06", closed: true, open: null, close: null, label: "Staff day" }]);
    await saveDraft({ announcement: "Not yet", special: [{ date: "2030-06-07", closed: true }] });
    assert.equal((await liveFacts()).revision, revision);
    assert.equal(await worker().runOnce(), "live");
    const live = await liveFacts();
    assert.equal(live.revision, revision);
    assert.equal(live.announcement?.text, "Patio open");
  });

  it("a failed build puts back the live version's facts", async () => {
    await saveDraft({ name: "Fixture Bistro fail the build", announcement: "Broken", special: [{ date: "2030-06-08", closed: true }] });
    await publish();
    assert.equal((await liveFacts()).announcement?.text, "Broken");
    assert.equal(await worker().runOnce(), "failed");
    const back = await liveFacts();
    assert.equal(back.announcement?.text, "Patio open");
    assert.deepEqual(specialOf(back, "loc-main").map((entry) => entry.date), ["2030-06-06"]);
  });

  it("a rollback brings back that version's facts", async () => {
    const first = (await liveFacts()).revision;
    const second = await saveDraft({ announcement: "Second version", special: [] });
    await publish();
    assert.equal(await worker().runOnce(), "live");
    assert.equal((await liveFacts()).revision, second);
    const rolled = await manageCall<Json>(ctx.app, "POST", "site/rollback/", owner, { body: { version: 1 } });
    assert.equal(rolled.status, 200, JSON.stringify(rolled.body));
    const back = await liveFacts();
    assert.equal(back.revision, first);
    assert.equal(back.announcement?.text, "Patio open");
  });
});

describe("POST manage/site/closed-today/", () => {
  it("owners only; a location that is not the business's is a 422 naming location_id", async () => {
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/closed-today/", staff, { body: { location_id: "loc-main", closed: true } })).status, 403);
    const unknown = await manageCall<Json>(ctx.app, "POST", "site/closed-today/", owner, { body: { location_id: "loc-nowhere", closed: true } });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.detail[0].path, "location_id");
    const bad = await manageCall<Json>(ctx.app, "POST", "site/closed-today/", owner, { body: { location_id: "loc-main" } });
    assert.equal(bad.status, 400);
  });

  it("closes the location's today as a new revision, on the live facts at once (nothing else of the draft), and stops today's order and reservation times; open again brings them back", async () => {
    assert.ok((await pickupToday()).todaySlots > 0);
    assert.ok((await reservationSlotsToday()) > 0);
    const draftBefore = await saveDraft({ announcement: "Draft only", special: [{ date: "2030-06-09", closed: true }] });
    const closed = await manageCall<Json>(ctx.app, "POST", "site/closed-today/", owner, { body: { location_id: "loc-main", closed: true } });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.deepEqual(ClosedTodayReplySchema.parse(closed.body), { revision: draftBefore + 1, location_id: "loc-main", date: TODAY, closed: true });
    const history = RevisionsReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/revisions/?limit=1", owner)).body);
    assert.equal(history.revisions[0].summary, `Closed Main Street today (${TODAY})`);
    // The next build bakes it in: the draft holds the closure next to its own unpublished edits.
    const draft = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body).data as Json;
    assert.deepEqual(draft.locations[0].specialHours, [{ date: "2030-06-09", closed: true }, { date: TODAY, closed: true, label: "Closed today" }]);

    const live = await liveFacts();
    assert.equal(live.revision, draftBefore + 1);
    // The live version's own special date stays; the draft's 2030-06-09 does not leak.
    const staffDay = { date: "2030-06-06", closed: true, open: null, close: null, label: "Staff day" };
    assert.deepEqual(specialOf(live, "loc-main"), [staffDay, { date: TODAY, closed: true, open: null, close: null, label: "Closed today" }]);
    assert.equal(live.announcement?.text, "Patio open");
    assert.deepEqual(specialOf(live, "loc-harbor"), []);
    assert.deepEqual(await pickupToday(), { asap: false, todaySlots: 0 });
    assert.equal(await reservationSlotsToday(), 0);

    const again = await manageCall<Json>(ctx.app, "POST", "site/closed-today/", owner, { body: { location_id: "loc-main", closed: false } });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.revision, draftBefore + 2);
    assert.deepEqual(specialOf(await liveFacts(), "loc-main"), [staffDay]);
    assert.ok((await pickupToday()).todaySlots > 0);
    assert.ok((await reservationSlotsToday()) > 0);
  });
});
