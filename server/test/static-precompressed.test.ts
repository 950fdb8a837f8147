import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { DOCUMENT_ONLY_HEADERS } from "../src/app";
import { createTestContext, IMMUTABLE, REVALIDATE, writeSiteFiles, type TestContext } from "./helpers";

/**
 * The built site's precompressed copies (`<file>.br`, `<file>.gz`, written by the build): sent as they are
 * to a client that accepts them, with the file's type and caching; files without copies are compressed per
 * request as before; the copies themselves are not addresses of the site.
 */

const text = (label: string, lines: number) => `/* ${label} */\n${Array.from({ length: lines }, (_, index) => `console.log("${label} ${index}");`).join("\n")}\n`;
const page = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1>${"<p>Fixture Bistro serves dinner.</p>".repeat(60)}</html>`;

const APP = "app-3f9c2a1b7d4e5f60a1b2.js";
const GZIP_ONLY = "framework-5b3c9e7f1a2d4c6e8f0a.js";
const NO_COPIES = "component---home-4e1d2c3b4a5f6e7d8c9b.js";
const files: Record<string, string> = {
  [APP]: text("app", 300),
  [GZIP_ONLY]: text("framework", 300),
  [NO_COPIES]: text("home", 300),
  "index.html": page("Home"),
  "about/index.html": page("About"),
  "404.html": page("Page not found"),
  "sw.js": text("worker", 100),
  "page-data/about/page-data.json": JSON.stringify({ path: "/about/", result: { text: text("data", 60) } }),
  "styles.8a7b6c5d4e3f2a1b0c9d.css": "body{margin:0}",
  "static/0f1e2d3c4b5a69788796a5b4c3d2e1f0/logo.png": "PNG",
  "downloads/menu.tar.gz": "an archive the site links to",
};
/**
 * What the build would write beside them (zopfli or zlib, brotli 11: any valid encoding will do here): a
 * .gz and a .br copy of each of these, a .gz alone of GZIP_ONLY.
 */
const BOTH_COPIES = [APP, "index.html", "about/index.html", "404.html", "sw.js", "page-data/about/page-data.json"];

let dir: string;
let ctx: TestContext;
before(async () => {
  dir = writeSiteFiles("mainstreet-precompressed-", files);
  for (const [path, content] of Object.entries(files)) {
    if (BOTH_COPIES.includes(path) || path === GZIP_ONLY) writeFileSync(join(dir, `${path}.gz`), gzipSync(content, { level: 9 }));
    if (BOTH_COPIES.includes(path)) writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  ctx = await createTestContext({ env: { PUBLIC_DIR: dir } });
});
after(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/** How the body went out: the build's copy, compressed for this request (chunked), or the file itself. */
type Sent = ".br" | ".gz" | "per request" | "as is";

describe("a text file with copies beside it, by Accept-Encoding", () => {
  const cases: [url: string, file: string, acceptEncoding: string | null, encoding: string | undefined, sent: Sent, cacheControl: string, type: RegExp][] = [
    [`/${APP}`, APP, "br", "br", ".br", IMMUTABLE, /^application\/javascript; charset=utf-8$/],
    [`/${APP}`, APP, "gzip", "gzip", ".gz", IMMUTABLE, /^application\/javascript; charset=utf-8$/],
    [`/${APP}`, APP, "gzip, deflate, br, zstd", "br", ".br", IMMUTABLE, /javascript/],
    [`/${APP}`, APP, "br;q=0, gzip", "gzip", ".gz", IMMUTABLE, /javascript/],
    [`/${APP}`, APP, "*", "gzip", ".gz", IMMUTABLE, /javascript/],
    [`/${APP}`, APP, "identity", undefined, "as is", IMMUTABLE, /javascript/],
    [`/${APP}`, APP, null, undefined, "as is", IMMUTABLE, /javascript/],
    [`/${APP}`, APP, "deflate", undefined, "as is", IMMUTABLE, /javascript/],
    ["/", "index.html", "br", "br", ".br", REVALIDATE, /^text\/html; charset=utf-8$/],
    ["/about/", "about/index.html", "gzip", "gzip", ".gz", REVALIDATE, /^text\/html; charset=utf-8$/],
    ["/about/index.html", "about/index.html", "br", "br", ".br", REVALIDATE, /^text\/html/],
    ["/page-data/about/page-data.json", "page-data/about/page-data.json", "br", "br", ".br", REVALIDATE, /^application\/json/],
    ["/sw.js", "sw.js", "br", "br", ".br", "no-cache", /javascript/],
    ["/sw.js", "sw.js", "gzip", "gzip", ".gz", "no-cache", /javascript/],
    // Only a .gz: brotli clients that also take gzip get it; the others get brotli made per request.
    [`/${GZIP_ONLY}`, GZIP_ONLY, "gzip, br", "gzip", ".gz", IMMUTABLE, /javascript/],
    [`/${GZIP_ONLY}`, GZIP_ONLY, "br", "br", "per request", IMMUTABLE, /javascript/],
    // No copies (a build without them): compressed per request, as before.
    [`/${NO_COPIES}`, NO_COPIES, "br", "br", "per request", IMMUTABLE, /javascript/],
    [`/${NO_COPIES}`, NO_COPIES, "gzip", "gzip", "per request", IMMUTABLE, /javascript/],
    // Under 1 KB the build makes no copies; @fastify/compress's 1 KB threshold applies to buffered bodies
    // only, so a file (a stream) is still compressed per request, as it was before copies.
    ["/styles.8a7b6c5d4e3f2a1b0c9d.css", "styles.8a7b6c5d4e3f2a1b0c9d.css", "br", "br", "per request", IMMUTABLE, /text\/css/],
    ["/static/0f1e2d3c4b5a69788796a5b4c3d2e1f0/logo.png", "static/0f1e2d3c4b5a69788796a5b4c3d2e1f0/logo.png", "br", undefined, "as is", IMMUTABLE, /^image\/png$/],
  ];
  for (const [url, file, acceptEncoding, encoding, sent, cacheControl, type] of cases) {
    it(`${url} with Accept-Encoding ${acceptEncoding ?? "(none)"} → ${encoding ?? "no encoding"}, ${sent}`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url, headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } });
      const original = Buffer.from(files[file]);
      assert.equal(reply.statusCode, 200);
      assert.equal(reply.headers["content-encoding"], encoding);
      assert.match(String(reply.headers["content-type"]), type);
      assert.equal(reply.headers["cache-control"], cacheControl);
      assert.ok(String(reply.headers.vary).split(/,\s*/).includes("accept-encoding"), `vary: ${reply.headers.vary}`);
      assert.equal(String(reply.headers.vary).match(/accept-encoding/g)?.length, 1);
      assert.deepEqual(encoding ? decoders[encoding](reply.rawPayload) : reply.rawPayload, original);
      if (sent === ".br" || sent === ".gz") {
        assert.deepEqual(reply.rawPayload, readFileSync(join(dir, `${file}${sent}`)));
        assert.equal(reply.headers["content-length"], String(reply.rawPayload.length));
      } else if (sent === "per request") {
        assert.equal(reply.headers["content-length"], undefined);
      } else {
        assert.equal(reply.headers["content-length"], String(original.length));
      }
    });
  }

  it("answers HEAD like GET, without a body", async () => {
    const reply = await ctx.app.inject({ method: "HEAD", url: `/${APP}`, headers: { "accept-encoding": "br" } });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers["content-encoding"], "br");
    assert.equal(reply.headers["content-length"], String(readFileSync(join(dir, `${APP}.br`)).length));
    assert.equal(reply.rawPayload.length, 0);
  });

  it("gives each encoding its own ETag, and a 304 only to the one it belongs to", async () => {
    const br = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    const gzip = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    const plain = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    const etags = [br, gzip, plain].map((reply) => reply.headers.etag);
    assert.equal(new Set(etags).size, 3, `ETags: ${etags.join(", ")}`);
    const again = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) } });
    assert.equal(again.statusCode, 304);
    const other = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip", "if-none-match": String(br.headers.etag) } });
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers["content-encoding"], "gzip");
  });

  it("sends the document-only headers with a compressed page and not with a compressed script", async () => {
    const html = await ctx.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    const script = await ctx.app.inject({ method: "GET", url: `/${APP}`, headers: { "accept-encoding": "br" } });
    for (const name of DOCUMENT_ONLY_HEADERS) {
      assert.ok(html.headers[name] !== undefined, `${name} on the page`);
      assert.equal(script.headers[name], undefined, `${name} on the script`);
    }
  });

  it("still redirects a directory without its trailing slash", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/about", headers: { "accept-encoding": "br" } });
    assert.equal(reply.statusCode, 301);
    assert.equal(reply.headers.location, "/about/");
  });
});

describe("the copies' own addresses and the 404 page", () => {
  const notServed = [`/${APP}.br`, `/${APP}.gz`, `/${GZIP_ONLY}.gz`, "/about/index.html.br", "/index.html.gz", "/sw.js.br", `/${APP}%2Ebr`, `/${APP}.br?v=1`];
  for (const url of notServed) {
    it(`${url} is not a file of the site (404 page)`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
      assert.equal(reply.statusCode, 404);
      assert.match(String(reply.headers["content-type"]), /text\/html/);
      assert.match(reply.body, /Page not found/);
    });
  }

  it("serves a .gz that is no copy (an archive the site links to) as the file it is", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/downloads/menu.tar.gz", headers: { "accept-encoding": "gzip, br" } });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers["content-type"], "application/gzip");
    assert.equal(reply.headers["content-encoding"], undefined);
    assert.equal(reply.body, files["downloads/menu.tar.gz"]);
  });

  const encodings: [string, string | undefined][] = [
    ["br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ];
  for (const [acceptEncoding, encoding] of encodings) {
    it(`sends the 404 page with status 404 and its ${acceptEncoding} form`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url: "/no-such-page/", headers: { "accept-encoding": acceptEncoding } });
      assert.equal(reply.statusCode, 404);
      assert.equal(reply.headers["content-encoding"], encoding);
      assert.equal(reply.headers["content-type"], "text/html; charset=utf-8");
      assert.equal(reply.headers["cache-control"], REVALIDATE);
      assert.ok(reply.headers["content-security-policy"] !== undefined);
      assert.equal((encoding ? decoders[encoding](reply.rawPayload) : reply.rawPayload).toString("utf8"), files["404.html"]);
    });
  }
});
