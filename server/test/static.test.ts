import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { DOCUMENT_ONLY_HEADERS } from "../src/app";
import { cacheControlFor } from "../src/static/static.plugin";
import { call, createTestContext, IMMUTABLE, REVALIDATE, writeSiteFiles, type Json, type TestContext } from "./helpers";

/** The built site served like a CDN: cache headers per kind of file, 404 page, compression, headers. */

const BIG_JS = `/* app */\n${"console.log('mainstreet');\n".repeat(400)}`;
const files: Record<string, string> = {
  "index.html": "<!doctype html><title>Home</title><h1>Fixture Bistro</h1>",
  "about/index.html": "<!doctype html><title>About</title><h1>About us</h1>",
  "404.html": "<!doctype html><title>Not found</title><h1>Page not found</h1>",
  "page-data/index/page-data.json": '{"path":"/"}',
  "page-data/app-data.json": '{"webpackCompilationHash":"abc"}',
  "page-data/sq/d/2744905544.json": '{"data":{}}',
  "app-3f9c2a1b7d4e5f60a1b2.js": BIG_JS,
  "styles.8a7b6c5d4e3f2a1b0c9d.css": "body{margin:0}",
  "static/0f1e2d3c4b5a69788796a5b4c3d2e1f0/logo.png": "PNG",
  "sw.js": "self.addEventListener('install', () => {});",
  "manifest.webmanifest": '{"name":"Fixture Bistro"}',
  ".env": "SECRET=1",
};

let dir: string;
let ctx: TestContext;
before(async () => {
  dir = writeSiteFiles("mainstreet-public-", files);
  ctx = await createTestContext({ env: { PUBLIC_DIR: dir } });
});
after(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});


describe("cache headers", () => {
  const cases: [string, number, string, RegExp][] = [
    ["/", 200, REVALIDATE, /text\/html/],
    ["/about/", 200, REVALIDATE, /text\/html/],
    ["/page-data/index/page-data.json", 200, REVALIDATE, /application\/json/],
    ["/page-data/app-data.json", 200, REVALIDATE, /application\/json/],
    ["/page-data/sq/d/2744905544.json", 200, REVALIDATE, /application\/json/],
    ["/app-3f9c2a1b7d4e5f60a1b2.js", 200, IMMUTABLE, /javascript/],
    ["/styles.8a7b6c5d4e3f2a1b0c9d.css", 200, IMMUTABLE, /text\/css/],
    ["/static/0f1e2d3c4b5a69788796a5b4c3d2e1f0/logo.png", 200, IMMUTABLE, /image\/png/],
    ["/sw.js", 200, "no-cache", /javascript/],
    ["/manifest.webmanifest", 200, REVALIDATE, /manifest\+json/],
  ];
  for (const [url, status, cacheControl, type] of cases) {
    it(`${url} → ${status}, ${cacheControl}`, async () => {
      const reply = await call(ctx.app, "GET", url);
      assert.equal(reply.status, status);
      assert.equal(reply.headers["cache-control"], cacheControl);
      assert.match(String(reply.headers["content-type"]), type);
    });
  }

  const names: [string, string][] = [
    ["framework-5b3c9e7f1a2d4c6e8f0a.js", IMMUTABLE],
    ["component---src-pages-index-tsx-4e1d2c3b4a5f6e7d8c9b.js", IMMUTABLE],
    ["app-3f9c2a1b7d4e5f60a1b2.js.map", IMMUTABLE],
    ["icons/icon-48x48.png", REVALIDATE],
    ["favicon-32x32.png", REVALIDATE],
    ["chunk-map.json", REVALIDATE],
    ["sw.js", "no-cache"],
    ["workbox-v4.3.1/workbox-sw.js", REVALIDATE],
  ];
  for (const [name, expected] of names) {
    it(`classifies ${name} as ${expected}`, () => {
      assert.equal(cacheControlFor(name), expected);
    });
  }
});

describe("missing pages and directories", () => {
  it("serves 404.html with status 404 for a missing page", async () => {
    const reply = await call<string>(ctx.app, "GET", "/no-such-page/");
    assert.equal(reply.status, 404);
    assert.match(String(reply.headers["content-type"]), /text\/html/);
    assert.match(reply.body, /Page not found/);
  });

  it("answers HEAD on a missing page with 404 and on a real one with 200", async () => {
    assert.equal((await ctx.app.inject({ method: "HEAD", url: "/no-such-page/" })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: "HEAD", url: "/about/" })).statusCode, 200);
  });

  it("redirects a directory without its trailing slash", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/about" });
    assert.equal(reply.statusCode, 301);
    assert.equal(reply.headers.location, "/about/");
  });

  const hidden = ["/.env", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/about/../../secret"];
  for (const url of hidden) {
    it(`does not serve ${url}`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url });
      assert.ok([400, 403, 404].includes(reply.statusCode), `${url} → ${reply.statusCode}`);
      assert.doesNotMatch(reply.body, /SECRET|root:/);
    });
  }
});

describe("compression and security headers", () => {
  const encodings: [string, (body: Buffer) => Buffer][] = [
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ];
  for (const [encoding, decode] of encodings) {
    it(`compresses a large asset with ${encoding}`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url: "/app-3f9c2a1b7d4e5f60a1b2.js", headers: { "accept-encoding": encoding } });
      assert.equal(reply.statusCode, 200);
      assert.equal(reply.headers["content-encoding"], encoding);
      assert.equal(decode(reply.rawPayload).toString("utf8"), BIG_JS);
      assert.ok(reply.rawPayload.length < BIG_JS.length / 10);
    });
  }

  it("sends a Content-Security-Policy that allows what a Gatsby page needs and nothing broad", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/" });
    const csp = String(reply.headers["content-security-policy"]);
    const directives = Object.fromEntries(csp.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    assert.deepEqual(directives["default-src"], ["'self'"]);
    assert.ok(directives["script-src"].includes("'unsafe-inline'"));
    assert.ok(!directives["script-src"].includes("'unsafe-eval'"));
    assert.ok(directives["style-src"].includes("'unsafe-inline'"));
    assert.deepEqual(directives["object-src"], ["'none'"]);
    assert.equal(directives["upgrade-insecure-requests"], undefined);
    assert.equal(reply.headers["x-content-type-options"], "nosniff");
  });

  it("sends the document-only headers (the policy, framing, isolation) on HTML replies only", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/" });
    const script = await ctx.app.inject({ method: "GET", url: "/app-3f9c2a1b7d4e5f60a1b2.js" });
    const api = await ctx.app.inject({ method: "GET", url: "/api/health" });
    const missing = await ctx.app.inject({ method: "GET", url: "/no-such-page/" });
    for (const name of DOCUMENT_ONLY_HEADERS) {
      assert.ok(page.headers[name] !== undefined, `${name} on the page`);
      assert.ok(missing.headers[name] !== undefined, `${name} on the 404 page`);
      assert.equal(script.headers[name], undefined, `${name} on a script`);
      assert.equal(api.headers[name], undefined, `${name} on JSON`);
    }
    for (const reply of [page, script, api]) assert.equal(reply.headers["x-content-type-options"], "nosniff");
    const headerBytes = (reply: { headers: Record<string, unknown> }) => Object.entries(reply.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    assert.ok(headerBytes(script) < 600, `a script's headers take ${headerBytes(script)} bytes`);
  });

  it("answers /api/health as JSON next to the site", async () => {
    const reply = await call<Json>(ctx.app, "GET", "/api/health");
    assert.equal(reply.status, 200);
    assert.equal(reply.body.status, "ok");
    assert.equal(reply.body.businesses, 1);
  });
});
