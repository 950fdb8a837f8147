import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { after, before, describe, it } from "node:test";
import { validateBusiness } from "@mainstreet/rules/business/load";
import { RevisionsReplySchema, SiteConflictDetailSchema, SiteReplySchema, SiteSaveReplySchema } from "@mainstreet/rules/api/site-api";
import { SiteService, dataFileAt } from "../src/site/site.service";
import { FIXTURE_BUSINESS, FIXTURE_FILE, FIXED_NOW, SECOND_BUSINESS, SECOND_BUSINESS_FILE, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * `manage/site/…`: the business data as revisions. The draft read and saved (409 over a newer revision,
 * 422 with the data contract's paths, safe retries), the history, restores, the data file exported byte for
 * byte, and SITE_DATA seeding revision 1 on start without overwriting revisions the database has.
 */

let ctx: TestContext;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;
let now = FIXED_NOW;
const FIXTURE_TEXT = readFileSync(FIXTURE_FILE, "utf8");

type Doc = Json;
const fixture = (): Doc => JSON.parse(FIXTURE_TEXT);
/** The fixture with the burger's first price changed. */
const withBurgerPrice = (price: number | string): Doc => {
  const doc = fixture();
  doc.menu.items[0].variations[0].price = price;
  return doc;
};
const revisionCount = async (businessId = FIXTURE_BUSINESS) =>
  Number((await ctx.db.query<{ n: string }>("SELECT count(*) AS n FROM site_revisions WHERE business_id = $1", [businessId])).rows[0].n);

before(async () => {
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ clock: () => now }));
});
after(() => ctx.close());

describe("seeding from SITE_DATA on start", () => {
  it("gives each business without revisions its revision 1 from the file, and keeps the revisions of one that has them", async () => {
    const files = [dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE)];
    assert.deepEqual(await ctx.app.maintenance.seedSiteData(files), { seeded: [FIXTURE_BUSINESS, SECOND_BUSINESS], fromDatabase: [] });
    const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 1, data: withBurgerPrice(13) } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(await ctx.app.maintenance.seedSiteData(files), { seeded: [], fromDatabase: [FIXTURE_BUSINESS, SECOND_BUSINESS] });
    assert.equal(await revisionCount(), 2);
    const draft = await manageCall<Json>(ctx.app, "GET", "site/", owner);
    assert.equal(draft.body.revision, 2);
    assert.equal(draft.body.data.menu.items[0].variations[0].price, 13);
    // Back to the file's data, as revision 3, for the tests below.
    assert.equal((await manageCall<Json>(ctx.app, "POST", "site/revisions/1/restore/", owner)).status, 201);
  });
});

describe("GET manage/site/", () => {
  it("answers the draft in the data file's shape and key order, and no live version yet; staff read it too", async () => {
    for (const who of [owner, staff]) {
      const reply = await manageCall<Json>(ctx.app, "GET", "site/", who);
      assert.equal(reply.status, 200);
      const body = SiteReplySchema.parse(reply.body);
      assert.equal(body.revision, 3);
      assert.equal(JSON.stringify(body.data), JSON.stringify(fixture()));
      assert.equal(body.live, null);
    }
  });

  it("answers each business its own draft", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "site/", otherOwner);
    assert.equal(reply.body.data.name, "Osteria Vela");
  });
});

describe("PUT manage/site/", () => {
  it("saves a new draft revision whose summary says what changed, by whom", async () => {
    now = new Date(FIXED_NOW.getTime() + 60_000);
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 3, data: withBurgerPrice(14) } });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(SiteSaveReplySchema.parse(reply.body), { revision: 4 });
    const history = RevisionsReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/revisions/", staff)).body);
    assert.deepEqual(history.revisions[0], {
      revision: 4,
      saved_by: { kind: "account", user_id: owner.user.id, email: "owner@bistro.test" },
      saved_at: now.toISOString(),
      summary: "Changed the price of House Burger",
    });
  });

  it("answers a retry of the same save (same body over the same revision) with the revision it made, writing nothing", async () => {
    const before = await revisionCount();
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 3, data: withBurgerPrice(14) } });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { revision: 4 });
    const same = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 4, data: withBurgerPrice(14) } });
    assert.deepEqual([same.status, same.body], [200, { revision: 4 }], "a document equal to the draft is no new revision");
    assert.equal(await revisionCount(), before);
  });

  it("409 over a newer revision: the owner reads who saved it, when and what; the client gets the fields", async () => {
    const before = await revisionCount();
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 3, data: withBurgerPrice(16) } });
    assert.equal(reply.status, 409);
    assert.equal(
      reply.body.message,
      "owner@bistro.test saved a newer version of the site on Jun 4, 2030, 12:01 PM (Changed the price of House Burger). Reload to see it, then make your change again.",
    );
    const detail = SiteConflictDetailSchema.parse(reply.body.detail);
    assert.deepEqual(detail, {
      your_revision: 3,
      current: { revision: 4, saved_by: { kind: "account", user_id: owner.user.id, email: "owner@bistro.test" }, saved_at: now.toISOString(), summary: "Changed the price of House Burger" },
    });
    assert.equal(await revisionCount(), before);
  });

  it("422 naming the field by the data contract's path and message, and nothing written", async () => {
    const before = await revisionCount();
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 4, data: withBurgerPrice(12.345) } });
    assert.equal(reply.status, 422);
    assert.equal(reply.body.message, 'data.menu.items[0].variations[0].price: expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got 12.345');
    assert.deepEqual(reply.body.detail, [
      { path: "data.menu.items[0].variations[0].price", message: 'expected a price in USD with at most 2 decimals, like 12.5 or "12.50", got 12.345' },
    ]);
    const unknown = fixture();
    unknown.locations[0].opens = 900;
    const second = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 4, data: unknown } });
    assert.equal(second.status, 422);
    assert.equal(second.body.detail[0].path, "data.locations[0].opens");
    assert.equal(await revisionCount(), before);
  });

  it("400 for a body that is not { revision, data }", async () => {
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { data: fixture() } });
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /^body\.revision: expected the draft's revision number/);
  });

  it("takes a business document larger than the API's usual 64 KB", async () => {
    const big = withBurgerPrice(14);
    for (let index = 0; index < 400; index += 1) big.menu.items.push({ id: `extra-${index}`, name: `Extra dish ${index}`, description: "x".repeat(200), variations: [{ id: `extra-${index}-v`, price: 5 }] });
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 4, data: big } });
    assert.ok(JSON.stringify(big).length > 100_000);
    assert.deepEqual([reply.status, reply.body], [200, { revision: 5 }]);
    const history = await manageCall<Json>(ctx.app, "GET", "site/revisions/?limit=1", owner);
    assert.equal(history.body.revisions[0].summary, "Added Extra dish 0, Extra dish 1 and 398 more");
  });

  it("403 for staff, who read the site but do not change it", async () => {
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", staff, { body: { revision: 5, data: fixture() } });
    assert.equal(reply.status, 403);
  });
});

describe("GET manage/site/revisions/", () => {
  it("lists newest first, a page at a time", async () => {
    const first = RevisionsReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/revisions/?limit=2", owner)).body);
    assert.deepEqual(first.revisions.map((entry) => entry.revision), [5, 4]);
    assert.equal(first.next_before, 4);
    const rest = RevisionsReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/revisions/?before=4", owner)).body);
    assert.deepEqual(
      rest.revisions.map((entry) => [entry.revision, entry.saved_by.kind, entry.summary]),
      [
        [3, "account", "Restored revision 1"],
        [2, "account", "Changed the price of House Burger"],
        [1, "import", `Imported from ${FIXTURE_FILE}`],
      ],
    );
    assert.equal(rest.next_before, null);
  });

  it("400 for a bad page", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "site/revisions/?limit=0", owner);
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /^query\.limit: expected at least 1/);
  });
});

describe("POST manage/site/revisions/{n}/restore/", () => {
  it("makes a new draft with revision n's data, byte for byte", async () => {
    const reply = await manageCall<Json>(ctx.app, "POST", "site/revisions/4/restore/", owner);
    assert.deepEqual([reply.status, reply.body], [201, { revision: 6 }]);
    const draft = await manageCall<Json>(ctx.app, "GET", "site/", owner);
    assert.equal(JSON.stringify(draft.body.data), JSON.stringify(withBurgerPrice(14)));
    const history = await manageCall<Json>(ctx.app, "GET", "site/revisions/?limit=1", owner);
    assert.equal(history.body.revisions[0].summary, "Restored revision 4");
  });

  it("404 for a revision that does not exist", async () => {
    const reply = await manageCall<Json>(ctx.app, "POST", "site/revisions/99/restore/", owner);
    assert.equal(reply.status, 404);
    assert.equal(reply.body.message, "There is no revision 99 to restore");
  });
});

describe("GET manage/site/export/ and importing it back", () => {
  it("exports the draft as the data file (an attachment); an imported file comes back byte for byte", async () => {
    await manageCall<Json>(ctx.app, "POST", "site/revisions/1/restore/", owner);
    const reply = await ctx.app.inject({ method: "GET", url: "/api/manage/site/export/", headers: { cookie: `mainstreet_session=${owner.cookie}` } });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers["content-disposition"], `attachment; filename="${FIXTURE_BUSINESS}-business.json"`);
    assert.equal(reply.headers["content-type"], "application/json; charset=utf-8");
    assert.equal(reply.body, FIXTURE_TEXT);
  });

  it("export → import → export is the same file, for a draft saved in the workspace too, and it builds the same business", async () => {
    const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 7, data: withBurgerPrice(15) } });
    assert.deepEqual(saved.body, { revision: 8 });
    const service = new SiteService({ db: ctx.db, clock: () => now });
    const exported = (await service.exportFile(FIXTURE_BUSINESS)).text;
    const imported = await service.importFile({ text: exported, label: "exported.json", imageDir: dirname(FIXTURE_FILE) });
    assert.deepEqual(imported, { kind: "unchanged", businessId: FIXTURE_BUSINESS, revision: 8, summary: "Changed the price of House Burger" });
    assert.equal((await service.exportFile(FIXTURE_BUSINESS)).text, exported);
    const built = validateBusiness(JSON.parse(exported), "exported.json");
    const edited = validateBusiness(withBurgerPrice(15), "edited.json");
    assert.ok(built.ok && edited.ok);
    assert.deepEqual(built.business, edited.business);
  });

  it("an import over the draft is a new revision; a save over the older draft then hears of the import", async () => {
    const service = new SiteService({ db: ctx.db, clock: () => now });
    const text = FIXTURE_TEXT.replace('"name": "Fixture Bistro"', '"name": "Fixture Bistro & Bar"');
    const imported = await service.importFile({ text, label: "bistro.json", imageDir: dirname(FIXTURE_FILE) });
    assert.deepEqual(imported, { kind: "updated", businessId: FIXTURE_BUSINESS, revision: 9, summary: "Imported from bistro.json: changed the business name and the price of House Burger" });
    const reply = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: 8, data: withBurgerPrice(17) } });
    assert.equal(reply.status, 409);
    assert.match(reply.body.message, /^An import of the data file saved a newer version of the site on .* \(Imported from bistro\.json: changed the business name and the price of House Burger\)\./);
    assert.deepEqual(reply.body.detail.current.saved_by, { kind: "import" });
  });

  it("403 for staff", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "site/export/", staff);
    assert.equal(reply.status, 403);
  });
});
