import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { insertRevision } from "../src/site/site.store";
import { dataFileAt } from "../src/site/site.service";
import { FIXTURE_BUSINESS, FIXTURE_FILE, createWorkspaceContext, manageCall, signIn, createMerchant, type Json, type MerchantRef, type TestContext } from "./helpers";

/**
 * Two saves over the same draft can never both win: the database guarantees it (the head row locked and
 * moved only from the revision a save read; (business, revision) unique), on PGlite and on PostgreSQL
 * (`bash server/scripts/with-postgres.sh node --import tsx --test server/test/site-concurrency.test.ts`),
 * where the 20 saves run on 20 connections at once.
 */

let ctx: TestContext;
const owners: MerchantRef[] = [];
const FIXTURE = readFileSync(FIXTURE_FILE, "utf8");

before(async () => {
  const workspace = await createWorkspaceContext();
  ctx = workspace.ctx;
  owners.push(workspace.owner);
  for (let index = 1; index < 4; index += 1) {
    await createMerchant(ctx.db, { email: `owner${index}@bistro.test` });
    owners.push(await signIn(ctx.app, `owner${index}@bistro.test`));
  }
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE)]);
});
after(() => ctx.close());

/** The fixture with the burger priced `price`: each save a different document. */
function priced(price: number): Json {
  const doc = JSON.parse(FIXTURE);
  doc.menu.items[0].variations[0].price = price;
  return doc;
}

describe("concurrent saves over one draft", () => {
  it("20 parallel PUTs over the same revision: exactly one 200, every other a 409, and one new revision", async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => manageCall<Json>(ctx.app, "PUT", "site/", owners[index % owners.length], { body: { revision: 1, data: priced(20 + index) } })),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    assert.deepEqual(statuses, [200, ...Array<number>(19).fill(409)], JSON.stringify(replies.filter((reply) => reply.status !== 200 && reply.status !== 409).map((reply) => reply.body)));
    const winner = replies.findIndex((reply) => reply.status === 200);
    assert.deepEqual(replies[winner].body, { revision: 2 });
    const draft = await manageCall<Json>(ctx.app, "GET", "site/", owners[0]);
    assert.equal(draft.body.revision, 2);
    assert.equal(draft.body.data.menu.items[0].variations[0].price, 20 + winner, "the draft is the winner's document");
    const { rows } = await ctx.db.query<{ n: string }>("SELECT count(*) AS n FROM site_revisions WHERE business_id = $1", [FIXTURE_BUSINESS]);
    assert.equal(Number(rows[0].n), 2);
    for (const reply of replies.filter((candidate) => candidate.status === 409)) assert.equal(reply.body.detail.current.revision, 2);
  });

  it("the database refuses a second revision with the same number, and a draft that is not one of the business's revisions", async () => {
    const revision = { businessId: FIXTURE_BUSINESS, revision: 2, fileText: FIXTURE, by: { source: "import" as const }, summary: "Imported from a test", at: new Date() };
    await assert.rejects(insertRevision(ctx.db, revision), /duplicate key value violates unique constraint/);
    await assert.rejects(
      ctx.db.transaction((tx) => tx.query("UPDATE site_heads SET draft_revision = 99 WHERE business_id = $1", [FIXTURE_BUSINESS])),
      /violates foreign key constraint "site_heads_draft"/,
    );
    await assert.rejects(
      ctx.db.query("INSERT INTO site_revisions (business_id, revision, data, file_text, source, summary, created_at) VALUES ($1, 3, '{\"a\": 1}', '{\"a\": 2}', 'import', 'x', now())", [FIXTURE_BUSINESS]),
      /violates check constraint/,
    );
  });
});
