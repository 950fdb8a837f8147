import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { openDb } from "../src/db/db";
import { applyMigrations } from "../src/db/migrate";
import { PublishService } from "../src/publish/publish.service";
import { switchLive } from "../src/publish/site-folders";
import { SiteService, dataFileAt } from "../src/site/site.service";
import {
  FIXTURE_BUSINESS,
  FIXTURE_FILE,
  IMMUTABLE,
  REVALIDATE,
  SECOND_BUSINESS,
  SECOND_BUSINESS_FILE,
  call,
  createTestContext,
  startServiceProcess,
  writeSiteFiles,
  type TestContext,
} from "./helpers";

/**
 * The service serves a business's live version (docs/publishing.md "Serving"): through the `live` link, so a
 * publish or rollback is served from the next request on, with today's cache headers; by host name when it
 * serves several businesses; and PUBLIC_DIR as before when nothing has been published.
 */

const page = (label: string) => ({
  "index.html": `<!doctype html><title>${label}</title>`,
  "404.html": `<!doctype html><title>${label}: not found</title>`,
  "page-data/index/page-data.json": `{"label":"${label}"}`,
  "app-3f9c2a1b7d4e.js": `console.log("${label}")`,
});

/** A SITES_DIR with `versions` built for `business` and its live link on the first. */
function sitesWith(business: string, versions: Record<number, string>): string {
  const files: Record<string, string> = {};
  for (const [version, label] of Object.entries(versions)) {
    for (const [path, content] of Object.entries(page(label))) files[`${business}/versions/${version}/${path}`] = content;
  }
  const dir = writeSiteFiles("sites-", files);
  switchLive(dir, business, Number(Object.keys(versions)[0]));
  return dir;
}

const contexts: TestContext[] = [];
after(async () => {
  for (const context of contexts) await context.close();
});
async function service(env: Record<string, string>, catalogFiles = [FIXTURE_FILE]): Promise<TestContext> {
  const context = await createTestContext({ env, catalogFiles });
  contexts.push(context);
  return context;
}

describe("serving the live version", () => {
  it("serves the live version with today's cache headers, and a switch from the next request on", async () => {
    const sitesDir = sitesWith(FIXTURE_BUSINESS, { 1: "version one", 2: "version two" });
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: publicDir });
    const home = await call(app, "GET", "/");
    assert.equal(home.status, 200);
    assert.match(String(home.body), /version one/);
    assert.equal(home.headers["cache-control"], REVALIDATE);
    assert.equal((await call(app, "GET", "/app-3f9c2a1b7d4e.js")).headers["cache-control"], IMMUTABLE);
    switchLive(sitesDir, FIXTURE_BUSINESS, 2);
    assert.match(String((await call(app, "GET", "/")).body), /version two/);
    assert.deepEqual((await call(app, "GET", "/page-data/index/page-data.json")).body, { label: "version two" });
    const missing = await call(app, "GET", "/no-such-page/");
    assert.equal(missing.status, 404);
    assert.match(String(missing.body), /version two: not found/);
  });

  it("serves PUBLIC_DIR as before while the business has no published version", async () => {
    const sitesDir = writeSiteFiles("sites-empty-", {});
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: publicDir });
    assert.match(String((await call(app, "GET", "/")).body), /public folder/);
  });

  it("serves each published business on its own domains, and PUBLIC_DIR to any other host", async () => {
    const sitesDir = sitesWith(SECOND_BUSINESS, { 3: "osteria live" });
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: publicDir }, [FIXTURE_FILE, SECOND_BUSINESS_FILE]);
    assert.match(String((await call(app, "GET", "/", { headers: { host: "osteriavela.example" } })).body), /osteria live/);
    assert.match(String((await call(app, "GET", "/", { headers: { host: "localhost:8000" } })).body), /public folder/);
    const missing = await call(app, "GET", "/no-such-page/", { headers: { host: "osteriavela.example" } });
    assert.equal(missing.status, 404);
    assert.match(String(missing.body), /osteria live: not found/);
    assert.match(String((await call(app, "GET", "/no-such-page/", { headers: { host: "localhost:8000" } })).body), /public folder: not found/);
  });
});

describe("a first publish", () => {
  it("is served from the next request on, without a restart (one business)", async () => {
    const sitesDir = writeSiteFiles("sites-first-", { [`${FIXTURE_BUSINESS}/versions/1/index.html`]: "<!doctype html><title>first version</title>" });
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: publicDir });
    assert.match(String((await call(app, "GET", "/")).body), /public folder/);
    switchLive(sitesDir, FIXTURE_BUSINESS, 1);
    assert.match(String((await call(app, "GET", "/")).body), /first version/);
  });

  it("is served on the business's domains from the next request on (several businesses), PUBLIC_DIR to other hosts", async () => {
    const sitesDir = writeSiteFiles("sites-first-", { [`${SECOND_BUSINESS}/versions/1/index.html`]: "<!doctype html><title>osteria first</title>" });
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: publicDir }, [FIXTURE_FILE, SECOND_BUSINESS_FILE]);
    const osteria = { headers: { host: "osteriavela.example" } };
    assert.match(String((await call(app, "GET", "/", osteria)).body), /public folder/);
    switchLive(sitesDir, SECOND_BUSINESS, 1);
    assert.match(String((await call(app, "GET", "/", osteria)).body), /osteria first/);
    assert.match(String((await call(app, "GET", "/", { headers: { host: "localhost:8000" } })).body), /public folder/);
  });

  it("is served when the service started with neither a version nor PUBLIC_DIR (API only until then)", async () => {
    const sitesDir = writeSiteFiles("sites-first-", { [`${FIXTURE_BUSINESS}/versions/1/index.html`]: "<!doctype html><title>first version</title>" });
    const { app } = await service({ SITES_DIR: sitesDir, PUBLIC_DIR: join(sitesDir, "no-public-dir") });
    assert.equal((await call(app, "GET", "/")).status, 404);
    switchLive(sitesDir, FIXTURE_BUSINESS, 1);
    assert.match(String((await call(app, "GET", "/")).body), /first version/);
  });
});

describe("the service's own build worker", () => {
  it("builds a queued publish in the service's process and the site serves it from then on (PGlite, PUBLISH_WORKER on by default)", async () => {
    const work = writeSiteFiles("publish-process-", {});
    const dataDir = join(work, "pglite");
    const db = await openDb({ dataDir });
    await applyMigrations(db);
    await new SiteService({ db, clock: () => new Date() }).importFile(dataFileAt(FIXTURE_FILE));
    await new PublishService({ db, clock: () => new Date(), sitesDir: join(work, "sites") }).publish(FIXTURE_BUSINESS);
    await db.close();
    const publicDir = writeSiteFiles("public-", page("public folder"));
    const service = await startServiceProcess({
      DATA_DIR: dataDir,
      SITES_DIR: join(work, "sites"),
      PUBLIC_DIR: publicDir,
      SITE_DATA: FIXTURE_FILE,
      PUBLISH_BUILD_COMMAND: `${process.execPath} ${join(__dirname, "fixtures", "fake-build.mjs")}`,
    });
    try {
      let body = "";
      for (let tries = 0; tries < 400 && !body.includes("Fixture Bistro"); tries += 1) {
        body = await (await fetch(`${service.base}/`)).text();
        if (!body.includes("Fixture Bistro")) await new Promise((done) => setTimeout(done, 100));
      }
      assert.match(body, /<title>Fixture Bistro<\/title><p>12.5<\/p>/, service.stderr());
    } finally {
      await service.kill();
    }
  });
});
