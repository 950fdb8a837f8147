import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Catalog, dataFilesOf, type CatalogEntry } from "../src/catalog/catalog";
import type { Db } from "../src/db/db";
import { placeIdOf } from "../src/search/search.service";
import { servedSites } from "../src/static/live-site";
import { API, FIXED_NOW, FIXTURE_BUSINESS, SEARCH_KEY, call, createTestContext, line, openTestDb, startServiceProcess, type Json, type TestContext } from "./helpers";
import { generatedBusiness, generatedHost, generatedId, generatedProduct, laneOf, storeLiveBusinesses, writeGeneratedBusinesses } from "./many-businesses";

/**
 * Many businesses in one service (docs/api.md "Many businesses in one service"): a thousand businesses come
 * from the database as live revisions; a request reads the one business it names, search reads an index built
 * once per catalog change, and a publish replaces only its own business's entry. A SITE_DATA folder of business
 * folders serves every business in it. Runs on PGlite, and on PostgreSQL under server/scripts/with-postgres.sh.
 */

const BUSINESSES = 1_000;
const SESSION = "0123456789abcdef0123456789abcdef";
const withKey = { "x-api-key": SEARCH_KEY };

/** Catalog reads of one test step: which businesses were looked up, and how often every business was listed. */
interface Reads {
  ids: Set<string>;
  lists: number;
}

/** Counts the catalog's reads from now on (the instance's own methods, wrapped). */
function spyOn(catalog: Catalog): { reads: Reads; reset(): void } {
  const reads: Reads = { ids: new Set(), lists: 0 };
  const get = catalog.get.bind(catalog);
  const served = catalog.served.bind(catalog);
  const byProduct = catalog.byMerchantProduct.bind(catalog);
  const list = catalog.list.bind(catalog);
  catalog.get = (id: string) => {
    reads.ids.add(id);
    return get(id);
  };
  catalog.served = (id: string) => {
    reads.ids.add(id);
    return served(id);
  };
  catalog.byMerchantProduct = (product: string) => {
    const entry = byProduct(product);
    reads.ids.add(entry?.business.id ?? `product ${product}`);
    return entry;
  };
  catalog.list = () => {
    reads.lists += 1;
    return list();
  };
  return {
    reads,
    reset() {
      reads.ids.clear();
      reads.lists = 0;
    },
  };
}

async function eventually(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const autocomplete = (ctx: TestContext, input: string, types = "address") =>
  call<Json>(ctx.app, "GET", `${API}/businesses/search/autocomplete/?input=${encodeURIComponent(input)}&session_token=${SESSION}&types=${types}`, { headers: withKey });

describe(`${BUSINESSES} businesses from the database`, () => {
  let db: Db;
  let ctx: TestContext;
  let spy: ReturnType<typeof spyOn>;

  before(async () => {
    db = await openTestDb();
    await storeLiveBusinesses(
      db,
      Array.from({ length: BUSINESSES }, (_, index) => generatedBusiness(index + 1)),
      FIXED_NOW,
    );
    ctx = await createTestContext({ db });
    spy = spyOn(ctx.catalog);
  });
  after(async () => {
    await ctx.close();
    await db.close();
  });

  it("serves every live revision next to the SITE_DATA file, and health counts them", async () => {
    assert.equal(ctx.catalog.size, BUSINESSES + 1);
    assert.equal(ctx.catalog.get(generatedId(BUSINESSES))?.live?.revision, 1);
    spy.reset();
    const health = await call<Json>(ctx.app, "GET", `${API}/health`);
    assert.equal(health.status, 200);
    assert.equal(health.body.businesses, BUSINESSES + 1);
    assert.equal(health.body.on_live_revision, BUSINESSES);
    const one = await call<Json>(ctx.app, "GET", `${API}/health?business=${generatedId(7)}`);
    assert.deepEqual(one.body.business, { id: generatedId(7), served: true, source: "live", live_version: 1 });
    const file = await call<Json>(ctx.app, "GET", `${API}/health?business=${FIXTURE_BUSINESS}`);
    assert.deepEqual(file.body.business, { id: FIXTURE_BUSINESS, served: true, source: "file", live_version: null });
    assert.equal(spy.reads.lists, 0, "health lists no business");
  });

  it("an order and a menu read touch only the business they name", async () => {
    spy.reset();
    const business = generatedId(500);
    const created = await call<Json>(ctx.app, "POST", `${API}/orders/`, {
      body: { merchant_product: generatedProduct(500), merchant_location: "loc-main", line_items: [line("fries-regular", "fries")] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const added = await call<Json>(ctx.app, "POST", `${API}/orders/${created.body.id}/items/`, {
      body: { line_items: [line("burger-single", "burger", 1, ["mod-medium"])] },
      token: created.body.session_token,
    });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    const menu = await call<Json>(ctx.app, "GET", `${API}/catalog/${business}/`);
    assert.equal(menu.status, 200);
    assert.deepEqual([...spy.reads.ids], [business]);
    assert.equal(spy.reads.lists, 0, "no request lists every business");
  });

  it("search finds the one business whose street it names, building its index once per catalog change", async () => {
    spy.reset();
    const wanted = 737;
    const reply = await autocomplete(ctx, `${wanted * 10} ${laneOf(wanted)}`);
    assert.equal(reply.status, 200);
    assert.deepEqual(
      reply.body.predictions.map((prediction: Json) => prediction.place_id),
      [placeIdOf(generatedId(wanted), "loc-main")],
    );
    const everyLocation = await autocomplete(ctx, laneOf(wanted));
    assert.deepEqual(
      everyLocation.body.predictions.map((prediction: Json) => prediction.description.split(",")[0]),
      [`${wanted * 10} ${laneOf(wanted)} Lane`, `${wanted * 10 + 1} ${laneOf(wanted)} Lane`, `${wanted * 10 + 2} ${laneOf(wanted)} Lane`],
    );
    const byName = await autocomplete(ctx, `generated bistro ${wanted} soho`, "establishment");
    assert.deepEqual(
      byName.body.predictions.map((prediction: Json) => prediction.structured_formatting.main_text),
      [`Generated Bistro ${wanted} – Soho`],
    );
    const common = await autocomplete(ctx, "new york");
    assert.equal(common.body.predictions.length, 5, "at most five predictions, the first five in catalog order");
    for (let again = 0; again < 20; again += 1) await autocomplete(ctx, laneOf(again + 1));
    assert.equal(spy.reads.lists, 1, "the index is built once while the catalog does not change");
  });

  it("a publish of one business replaces only its entry, and search follows it", async () => {
    const before = new Map<string, CatalogEntry>(ctx.catalog.list().map((entry) => [entry.business.id, entry]));
    const target = generatedId(42);
    const changed = generatedBusiness(42);
    const locations = changed.locations as Json[];
    locations[0].street = "9 Quillfeather Row";
    await storeLiveBusinesses(db, [changed], FIXED_NOW, true);
    await eventually(`${target} is on its new revision`, () => ctx.catalog.get(target)?.live?.revision === 2);
    const after = ctx.catalog.list();
    assert.equal(after.length, before.size);
    const replaced = after.filter((entry) => entry !== before.get(entry.business.id)).map((entry) => entry.business.id);
    assert.deepEqual(replaced, [target]);
    spy.reset();
    const found = await autocomplete(ctx, "quillfeather");
    assert.deepEqual(
      found.body.predictions.map((prediction: Json) => prediction.place_id),
      [placeIdOf(target, "loc-main")],
    );
    const gone = await autocomplete(ctx, `420 ${laneOf(42)}`);
    assert.deepEqual(gone.body.predictions, [], "the old street is no longer known");
    assert.equal(spy.reads.lists, 1, "the change rebuilt the index once");
  });
});

describe("a SITE_DATA folder of business folders", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "catalog-folder-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("stands for the business.json of each sub-folder, in name order, and a reload picks up a new one", () => {
    const folder = join(dir, "businesses");
    writeGeneratedBusinesses(folder, 3);
    mkdirSync(join(folder, ".cache"));
    writeFileSync(join(folder, "notes.txt"), "not a business");
    assert.deepEqual(
      dataFilesOf([folder]).map((file) => file.slice(folder.length)),
      [1, 2, 3].map((n) => `/${generatedId(n)}/business.json`),
    );
    const catalog = Catalog.fromFiles([folder]);
    assert.equal(catalog.size, 3);
    mkdirSync(join(folder, generatedId(4)));
    writeFileSync(join(folder, generatedId(4), "business.json"), JSON.stringify(generatedBusiness(4)));
    catalog.reload();
    assert.equal(catalog.size, 4);
    assert.equal(catalog.sourceOf(generatedId(4)), "file");
  });

  it("starts the service on a folder of a hundred businesses, each taking orders", { timeout: 120_000 }, async () => {
    const count = 100;
    writeGeneratedBusinesses(join(dir, "service"), count);
    const service = await startServiceProcess({
      SITE_DATA: join(dir, "service"),
      DATA_DIR: join(dir, "data"),
      PUBLIC_DIR: join(dir, "no-site"),
      SITES_DIR: join(dir, "sites"),
    });
    try {
      const health = (await (await fetch(`${service.base}${API}/health?business=${generatedId(count)}`)).json()) as Json;
      assert.equal(health.businesses, count);
      assert.deepEqual(health.business, { id: generatedId(count), served: true, source: "file", live_version: null });
      const created = await fetch(`${service.base}${API}/orders/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ merchant_product: generatedProduct(count), merchant_location: "loc-main", line_items: [] }),
      });
      assert.equal(created.status, 201);
    } finally {
      await service.kill();
    }
  });
});

describe("the served sites of many businesses", () => {
  it("serves 200 businesses on their own host names, each from its live version", { timeout: 120_000 }, async () => {
    const count = 200;
    const dir = mkdtempSync(join(tmpdir(), "catalog-hosts-"));
    const files = writeGeneratedBusinesses(join(dir, "businesses"), count, true);
    const sitesDir = join(dir, "sites");
    for (const n of [1, count]) {
      mkdirSync(join(sitesDir, generatedId(n), "versions", "1"), { recursive: true });
      writeFileSync(join(sitesDir, generatedId(n), "versions", "1", "index.html"), `<p>site of ${generatedId(n)}</p>`);
      symlinkSync(join(sitesDir, generatedId(n), "versions", "1"), join(sitesDir, generatedId(n), "live"));
    }
    const publicDir = join(dir, "public");
    mkdirSync(publicDir);
    writeFileSync(join(publicDir, "index.html"), "<p>public folder</p>");
    const ctx = await createTestContext({ catalogFiles: files, env: { SITES_DIR: sitesDir, PUBLIC_DIR: publicDir } });
    try {
      for (const n of [1, count]) {
        const page = await call(ctx.app, "GET", "/", { headers: { host: generatedHost(n) } });
        assert.equal(page.status, 200);
        assert.match(String(page.body), new RegExp(`site of ${generatedId(n)}`));
        assert.equal(page.headers["cache-control"], "public, max-age=0, must-revalidate");
      }
      const unpublished = await call(ctx.app, "GET", "/", { headers: { host: generatedHost(100) } });
      assert.match(String(unpublished.body), /public folder/);
      const api = await call<Json>(ctx.app, "GET", `${API}/health`, { headers: { host: generatedHost(count) } });
      assert.equal(api.body.businesses, count);
      const siteless = await createTestContext({ db: ctx.db, catalogFiles: files, env: { SITES_DIR: sitesDir, PUBLIC_DIR: join(dir, "no-public-dir") } });
      try {
        const page = await call(siteless.app, "GET", "/", { headers: { host: generatedHost(1) } });
        assert.match(String(page.body), new RegExp(`site of ${generatedId(1)}`));
        const missing = await call(siteless.app, "GET", "/", { headers: { host: generatedHost(100) } });
        assert.equal(missing.status, 404, "an unpublished business without PUBLIC_DIR has no page yet");
      } finally {
        await siteless.close();
      }
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a request checks only its own host's business for a first live version", () => {
    const dir = mkdtempSync(join(tmpdir(), "catalog-sites-"));
    const publicDir = join(dir, "public");
    mkdirSync(publicDir);
    const sitesDir = join(dir, "sites");
    const businesses = Array.from({ length: 50 }, (_, index) => ({ id: generatedId(index + 1), domains: [`${generatedId(index + 1)}.example`] }));
    const sites = servedSites({ sitesDir, publicDir, businesses });
    try {
      const rootOf = (n: number) => sites.rootFor(`${generatedId(n)}.example`) as string;
      for (const n of [7, 8]) mkdirSync(join(sitesDir, generatedId(n), "live"), { recursive: true });
      sites.refresh(`${generatedId(7)}.example`);
      assert.equal(readlinkSync(rootOf(7)), join(sitesDir, generatedId(7), "live"));
      assert.equal(readlinkSync(rootOf(8)), publicDir, "another host's business is left for its own next request");
      sites.refresh(`${generatedId(8)}.example`);
      assert.equal(readlinkSync(rootOf(8)), join(sitesDir, generatedId(8), "live"));
      assert.equal(sites.rootFor("unknown.example"), publicDir);
    } finally {
      sites.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
