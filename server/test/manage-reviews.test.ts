import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";
import { event } from "./routes";

/** Reviews in the workspace and on the site: sent through the site's form, approved or rejected, read publicly, on both engines. */

let ctx: TestContext;
let staff: MerchantRef;
let otherOwner: MerchantRef;

before(async () => {
  ({ ctx, staff, otherOwner } = await createWorkspaceContext());
  for (const fields of [
    { rating: 5, text: "Best burger in town.", name: "Ada Lovelace", email: "ada@example.com", menuItemId: "burger" },
    { rating: 4, text: "Juicy, a bit salty.", name: "Grace Brewster Hopper", menuItemId: "burger" },
    { rating: 1, text: "Spam spam spam", name: "Spammer" },
  ]) {
    const reply = await call<Json>(ctx.app, "POST", `${API}/events/website/`, { body: event("review", fields) });
    assert.ok(reply.status < 300, JSON.stringify(reply.body));
  }
});
after(() => ctx.close());

const reviews = (status: string, who = staff) => manageCall<Json>(ctx.app, "GET", `reviews/?status=${status}`, who);
const decide = (id: string, decision: string, who = staff) => manageCall<Json>(ctx.app, "POST", `reviews/${id}/decision/`, who, { body: { decision } });
const publicReviews = (query = "") => call<Json>(ctx.app, "GET", `${API}/businesses/fixture-bistro/reviews/${query}`);

describe("reviews", () => {
  it("waits for a decision: pending in the workspace (with the item), nothing public", async () => {
    const pending = await reviews("pending");
    assert.equal(pending.status, 200);
    assert.equal(pending.body.reviews.length, 3);
    const ada = pending.body.reviews.find((review: Json) => review.name === "Ada Lovelace");
    assert.deepEqual(
      [ada.status, ada.rating, ada.text, ada.email, ada.item_id, ada.item_name, ada.location_id, ada.decided_at],
      ["pending", 5, "Best burger in town.", "ada@example.com", "burger", "House Burger", "loc-main", null],
    );
    assert.deepEqual((await reviews("pending", otherOwner)).body.reviews, []);
    const published = await publicReviews();
    assert.deepEqual(published.body, { reviews: [], aggregate: { count: 0, average: null } });
    assert.equal(published.headers["cache-control"], "public, max-age=60");
  });

  it("publishes approved reviews signed with first name and last initial, per item, with their aggregate", async () => {
    const pending = (await reviews("pending")).body.reviews;
    const idOf = (name: string) => pending.find((review: Json) => review.name === name).id;
    const approved = await decide(idOf("Ada Lovelace"), "approve");
    assert.equal(approved.status, 200);
    assert.equal(approved.body.status, "approved");
    assert.equal(typeof approved.body.decided_at, "string");
    assert.equal((await decide(idOf("Grace Brewster Hopper"), "approve")).status, 200);
    assert.equal((await decide(idOf("Spammer"), "reject")).body.status, "rejected");
    const forItem = await publicReviews("?item_id=burger");
    assert.deepEqual(
      forItem.body.reviews.map((review: Json) => [review.author, review.rating]).sort(),
      [
        ["Ada L.", 5],
        ["Grace H.", 4],
      ],
    );
    assert.deepEqual(forItem.body.aggregate, { count: 2, average: 4.5 });
    assert.ok(!JSON.stringify(forItem.body).includes("ada@example.com"), "no address is published");
    assert.deepEqual((await publicReviews("?item_id=fries")).body.aggregate, { count: 0, average: null });
    assert.equal((await publicReviews("?location_id=loc-main")).body.aggregate.count, 2);
    assert.equal((await reviews("rejected")).body.reviews[0].name, "Spammer");
  });

  it("takes an approved review down again when rejected", async () => {
    const approved = (await reviews("approved")).body.reviews;
    await decide(approved[0].id, "reject");
    assert.equal((await publicReviews("?item_id=burger")).body.aggregate.count, 1);
  });

  it("answers 403 for a review of another business and for an id that is no review", async () => {
    const id = (await reviews("approved")).body.reviews[0].id;
    assert.equal((await decide(id, "reject", otherOwner)).status, 403);
    assert.equal((await decide("0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", "approve")).status, 403);
    assert.equal((await reviews("approved")).body.reviews[0].id, id);
  });

  for (const [name, request, message] of [
    ["an unknown status", () => reviews("spam"), /^query\.status: expected "pending", "approved" or "rejected"/],
    ["an unknown decision", () => decide("0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", "maybe"), /^body\.decision: expected "approve" or "reject"/],
    ["both filters at once", () => publicReviews("?item_id=burger&location_id=loc-main"), /^query\.item_id: expected item_id or location_id, not both/],
  ] as const) {
    it(`refuses ${name} with 400`, async () => {
      const reply = await request();
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, message);
    });
  }

  it("answers 404 for the public reviews of an unknown business", async () => {
    assert.equal((await call<Json>(ctx.app, "GET", `${API}/businesses/no-such-business/reviews/`)).status, 404);
  });
});
