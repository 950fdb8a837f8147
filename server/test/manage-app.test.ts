import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildManageApp, COMPILE_WHOLE_HINT, type ManageBuild } from "@mainstreet/manage/bundle";
import { MANAGE_API_BASE_PLACEHOLDER } from "@mainstreet/rules/workspace/workspace";
import Fastify from "fastify";
import { MANAGE_CONTENT_SECURITY_POLICY, registerManageApp } from "../src/static/manage-app.plugin";
import { call, createTestContext, type TestContext } from "./helpers";

/**
 * The merchant workspace as the service serves it: the real bundle (apps/manage, built here
 * into a temporary folder) at /manage/ with its own strict policy, the document revalidated and the
 * hashed assets immutable; an address that says how to build it when it is not built.
 */

let dir: string;
let build: ManageBuild;
let ctx: TestContext;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "mainstreet-manage-"));
  build = await buildManageApp(join(dir, "build"));
  ctx = await createTestContext({ env: { MANAGE_APP_DIR: join(dir, "build"), API_BASE: "/service/" } });
});
after(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const asset = (extension: string) => {
  const found = build.files.find((file) => file.file.startsWith("assets/app-") && file.file.endsWith(extension));
  assert.ok(found, `the bundle has no ${extension} file: ${build.files.map((file) => file.file).join(", ")}`);
  return found.file;
};

describe("the workspace document", () => {
  it("/manage redirects to /manage/", async () => {
    const reply = await call(ctx.app, "GET", "/manage");
    assert.equal(reply.status, 301);
    assert.equal(reply.headers.location, "/manage/");
  });

  it("is HTML, revalidated on every load, never indexed, under a policy that allows this origin only (and frames previews)", async () => {
    const reply = await call(ctx.app, "GET", "/manage/");
    assert.equal(reply.status, 200);
    assert.match(String(reply.headers["content-type"]), /^text\/html/);
    assert.equal(reply.headers["cache-control"], "no-cache");
    assert.equal(reply.headers["x-robots-tag"], "noindex, nofollow");
    assert.equal(reply.headers["content-security-policy"], MANAGE_CONTENT_SECURITY_POLICY);
    const policy = String(reply.headers["content-security-policy"]);
    // The one wildcard: the Publish section frames the draft's preview, on a host of its own.
    assert.match(policy, /frame-src \*\.preview\.localhost:\*(;|$)/);
    assert.doesNotMatch(policy.replace(/frame-src [^;]*/, ""), /unsafe-inline|unsafe-eval|https?:|\*/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /frame-ancestors 'none'/);
  });

  it("carries the service's API base for the app, and no inline script or style", async () => {
    const html = String((await call(ctx.app, "GET", "/manage/")).body);
    assert.match(html, /<meta name="mainstreet-api-base" content="\/service\/">/);
    assert.ok(!html.includes(MANAGE_API_BASE_PLACEHOLDER));
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    for (const [, attributes, body] of scripts) {
      assert.match(attributes, /\bsrc="assets\/app-[A-Z0-9]+\.js"/);
      assert.equal(body.trim(), "");
    }
    assert.doesNotMatch(html, /<style\b|\sstyle="|\son[a-z]+="/i);
  });
});

describe("the workspace's assets", () => {
  for (const [extension, type] of [
    [".js", /javascript/],
    [".css", /text\/css/],
  ] as const) {
    it(`the ${extension} bundle is served immutable, with its hash in the name`, async () => {
      const file = asset(extension);
      assert.match(file, /-[A-Z0-9]{8}\.(js|css)$/);
      const reply = await call(ctx.app, "GET", `/manage/${file}`);
      assert.equal(reply.status, 200);
      assert.match(String(reply.headers["content-type"]), type);
      assert.equal(reply.headers["cache-control"], "public, max-age=31536000, immutable");
      // Document-only headers stay off scripts and styles.
      assert.equal(reply.headers["content-security-policy"], undefined);
    });
  }

  it("an unknown asset is a 404", async () => {
    const reply = await call(ctx.app, "GET", "/manage/assets/app-NOPE1234.js");
    assert.equal(reply.status, 404);
  });

  it("the first load is small: under 80 KiB of JavaScript after gzip, the Site screen not in it", () => {
    const first = build.files.filter((file) => build.firstLoad.includes(file.file));
    assert.ok(first.length >= 1 && first.length === build.firstLoad.length, `first load: ${build.firstLoad.join(", ")}`);
    const bytes = first.reduce((sum, file) => sum + file.gzipBytes, 0);
    assert.ok(bytes < 80 * 1024, `the workspace's first load is ${bytes} bytes gzip`);
    const site = build.files.find((file) => /^assets\/site-screen-[A-Z0-9]+\.js$/.test(file.file));
    assert.ok(site, `the Site screen has no chunk of its own: ${build.files.map((file) => file.file).join(", ")}`);
    assert.ok(!build.firstLoad.includes(site.file), "the Site screen is loaded only when it is opened");
  });

  it("a chunk fetched ahead (the Site screen's) asks to be compiled whole as it loads; the first load's do not", () => {
    const scripts = build.files.filter((file) => file.file.endsWith(".js"));
    const starts = (file: string) => readFileSync(join(build.outDir, file), "utf8").startsWith(`${COMPILE_WHOLE_HINT}\n`);
    for (const file of scripts) assert.equal(starts(file.file), !build.firstLoad.includes(file.file), `${file.file}: ${build.firstLoad.includes(file.file) ? "first load, compiled lazily" : "fetched ahead, compiled whole"}`);
    assert.ok(scripts.some((file) => !build.firstLoad.includes(file.file)), "a chunk outside the first load");
  });
});

describe("a service whose workspace is not built", () => {
  it("answers /manage/ with 503 and how to build it", async () => {
    const missing = join(dir, "no-build");
    assert.equal(existsSync(missing), false);
    // The plugin alone: the rest of the service plays no part in this answer.
    const bare = Fastify({ logger: false });
    try {
      assert.deepEqual(await registerManageApp(bare, { dir: missing, apiBase: "/api/" }), { built: false });
      const reply = await call(bare, "GET", "/manage/");
      assert.equal(reply.status, 503);
      assert.match(String(reply.body), /npm run build:manage/);
    } finally {
      await bare.close();
    }
  });
});
