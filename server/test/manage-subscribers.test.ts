import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createWorkspaceContext, FIXTURE_BUSINESS, manageCall, SECOND_BUSINESS, type Json, type MerchantRef, type TestContext } from "./helpers";

/** The newsletter's subscribers in the workspace: the list and the CSV export, on both engines. */

let ctx: TestContext;
let staff: MerchantRef;
let otherOwner: MerchantRef;

before(async () => {
  ({ ctx, staff, otherOwner } = await createWorkspaceContext());
  const rows: [string, string, boolean, string][] = [
    [FIXTURE_BUSINESS, "ada@example.com", true, "2030-06-01T10:00:00Z"],
    // Stored long ago or by an older form: the export must still not run it as a formula.
    [FIXTURE_BUSINESS, "=HYPERLINK(\"http://evil.test\",\"x\")@example.com", false, "2030-06-02T10:00:00Z"],
    [FIXTURE_BUSINESS, "-sum@example.com", true, "2030-06-03T10:00:00Z"],
    [SECOND_BUSINESS, "vela-fan@example.com", true, "2030-06-01T10:00:00Z"],
  ];
  for (const [business, email, optIn, at] of rows) {
    await ctx.db.query("INSERT INTO subscribers (business_id, email, opt_in, created_at) VALUES ($1, $2, $3, $4)", [business, email, optIn, new Date(at)]);
  }
});
after(() => ctx.close());

describe("subscribers", () => {
  it("lists the business's subscribers, newest first, and no other business's", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "subscribers/", staff);
    assert.equal(reply.status, 200);
    assert.deepEqual(
      reply.body.subscribers.map((row: Json) => [row.email, row.opt_in, row.created_at]),
      [
        ["-sum@example.com", true, "2030-06-03T10:00:00.000Z"],
        ['=HYPERLINK("http://evil.test","x")@example.com', false, "2030-06-02T10:00:00.000Z"],
        ["ada@example.com", true, "2030-06-01T10:00:00.000Z"],
      ],
    );
    const theirs = await manageCall<Json>(ctx.app, "GET", "subscribers/", otherOwner);
    assert.deepEqual(
      theirs.body.subscribers.map((row: Json) => row.email),
      ["vela-fan@example.com"],
    );
  });

  it("exports them as a CSV attachment named after the business and the day, newest first as on the screen, cells safe from formulas", async () => {
    const reply = await manageCall<string>(ctx.app, "GET", "subscribers.csv", staff);
    assert.equal(reply.status, 200);
    assert.equal(reply.headers["content-type"], "text/csv; charset=utf-8");
    assert.equal(reply.headers["content-disposition"], `attachment; filename="subscribers-${FIXTURE_BUSINESS}-2030-06-04.csv"`);
    assert.equal(reply.headers["cache-control"], "no-store");
    assert.equal(
      reply.body,
      [
        "email,opt_in,created_at",
        "'-sum@example.com,yes,2030-06-03T10:00:00.000Z",
        `"'=HYPERLINK(""http://evil.test"",""x"")@example.com",no,2030-06-02T10:00:00.000Z`,
        "ada@example.com,yes,2030-06-01T10:00:00.000Z",
        "",
      ].join("\r\n"),
    );
  });
});
