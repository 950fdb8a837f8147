import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { after, before, describe, it } from "node:test";
import sharp from "sharp";
import { SITE_IMAGE_MAX_BYTES, SiteImageReplySchema, type SiteImageReply } from "@mainstreet/rules/api/site-images-api";
import { SiteReplySchema } from "@mainstreet/rules/api/site-api";
import { CSRF_HEADER, SESSION_COOKIE } from "@mainstreet/rules/api/manage-api";
import { PublishWorker } from "../src/publish/publish.worker";
import { SiteService, dataFileAt } from "../src/site/site.service";
import { writeAllImages } from "../src/site-images/site-images.service";
import { checkImageFiles, validateBusiness } from "@mainstreet/rules/business/load";
import {
  API,
  FIXTURE_BUSINESS,
  FIXTURE_FILE,
  FIXED_NOW,
  SECOND_BUSINESS_FILE,
  createWorkspaceContext,
  manageCall,
  type Json,
  type MerchantRef,
  type TestContext,
} from "./helpers";

/**
 * `manage/site/images/` (docs/publishing.md "Photos"): an owner's upload is read by its bytes, turned upright,
 * stripped of its metadata (GPS), capped at 2,400 px and stored in the database under its content hash; a
 * retry is the same path; other files and oversized bodies are refused with the field named; the business's
 * images are read back for thumbnails; a revision may name an upload, and a build writes it into its data
 * folder. Runs on PGlite, and on PostgreSQL under server/scripts/with-postgres.sh.
 */

let ctx: TestContext;
let owner: MerchantRef;
let staff: MerchantRef;
let otherOwner: MerchantRef;
const now = FIXED_NOW;

interface Upload {
  status: number;
  body: Json;
}

async function upload(who: MerchantRef, bytes: Buffer, contentType = "image/jpeg"): Promise<Upload> {
  const response = await ctx.app.inject({
    method: "POST",
    url: `${API}/manage/site/images/`,
    headers: { cookie: `${SESSION_COOKIE}=${who.cookie}`, [CSRF_HEADER.toLowerCase()]: who.csrf, "content-type": contentType },
    payload: bytes,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Json };
}

async function readImage(who: MerchantRef, path: string) {
  return ctx.app.inject({ method: "GET", url: `${API}/manage/site/images/${path}`, headers: { cookie: `${SESSION_COOKIE}=${who.cookie}` } });
}

/** A phone's photo: taken sideways (EXIF orientation 6, so it is shown turned a quarter), with where it was taken. */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Artist: "Owner's phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 57/1 0/1" } } })
    .toBuffer();

const rowCount = async () => Number((await ctx.db.query<{ n: string }>("SELECT count(*) AS n FROM site_images WHERE business_id = $1", [FIXTURE_BUSINESS])).rows[0].n);
const fixture = (): Json => JSON.parse(readFileSync(FIXTURE_FILE, "utf8"));

let stored: SiteImageReply;

before(async () => {
  ({ ctx, owner, staff, otherOwner } = await createWorkspaceContext({ clock: () => now }));
  await ctx.app.maintenance.seedSiteData([dataFileAt(FIXTURE_FILE), dataFileAt(SECOND_BUSINESS_FILE)]);
});
after(() => ctx.close());

describe("POST manage/site/images/", () => {
  it("stores a photo upright, without its metadata, at most 2,400 px on its longest side, as WebP under its content hash", async () => {
    const reply = await upload(owner, await phonePhoto(3600, 1800));
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    stored = SiteImageReplySchema.parse(reply.body);
    // Sideways 3600 × 1800 with orientation 6 is an upright 1800 × 3600: its long side comes down to 2,400.
    assert.deepEqual({ width: stored.width, height: stored.height }, { width: 1200, height: 2400 });
    const image = await readImage(owner, stored.path);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers["content-type"], "image/webp");
    assert.match(String(image.headers["cache-control"]), /immutable/);
    const metadata = await sharp(image.rawPayload).metadata();
    assert.deepEqual([metadata.format, metadata.width, metadata.height], ["webp", 1200, 2400]);
    assert.equal(metadata.exif, undefined, "no EXIF (GPS, camera, artist) is kept");
    assert.equal(metadata.orientation, undefined);
  });

  it("answers a retry of the same photo with the same path and stores it once", async () => {
    const before = await rowCount();
    const again = await upload(owner, await phonePhoto(3600, 1800), "application/octet-stream");
    assert.equal(again.status, 201);
    assert.deepEqual(SiteImageReplySchema.parse(again.body), stored);
    assert.equal(await rowCount(), before);
  });

  it("keeps a small photo at its own size, and reads PNG, WebP and AVIF by their bytes", async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } });
    for (const [bytes, type] of [
      [await base.clone().png().toBuffer(), "image/png"],
      [await base.clone().webp().toBuffer(), "image/webp"],
      [await base.clone().avif().toBuffer(), "image/avif"],
      // The content type a browser sends may be wrong: the bytes decide.
      [await base.clone().png().toBuffer(), "image/jpeg"],
    ] as const) {
      const reply = await upload(owner, bytes, type);
      assert.equal(reply.status, 201, `${type}: ${JSON.stringify(reply.body)}`);
      assert.deepEqual([reply.body.width, reply.body.height], [64, 48]);
    }
  });

  for (const [what, bytes, contentType, expected] of [
    ["a GIF", () => sharp({ create: { width: 8, height: 8, channels: 3, background: "blue" } }).gif().toBuffer(), "image/png", /^expected a JPEG, PNG, WebP or AVIF photo, got a GIF image$/],
    ["text", async () => Buffer.from("not a picture at all"), "application/octet-stream", /^expected a JPEG, PNG, WebP or AVIF photo, got a file that is not an image$/],
  ] as const) {
    it(`refuses ${what} with 422 naming the body, and stores nothing`, async () => {
      const before = await rowCount();
      const reply = await upload(owner, await bytes(), contentType);
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      assert.equal(reply.body.detail[0].path, "body");
      assert.match(reply.body.detail[0].message, expected);
      assert.equal(await rowCount(), before);
    });
  }

  it("refuses a body over 15 MB with 413 saying the limit, and a content type it does not take with 415", async () => {
    const big = await upload(owner, Buffer.alloc(SITE_IMAGE_MAX_BYTES + 1, 1));
    assert.equal(big.status, 413);
    assert.equal(big.body.message, "body: expected a photo of at most 15 MB");
    const text = await upload(owner, Buffer.from("hello"), "text/plain");
    assert.equal(text.status, 415);
    assert.match(text.body.message, /image\/jpeg/);
  });

  it("lets owners upload; staff read", async () => {
    const reply = await upload(staff, await phonePhoto(40, 40));
    assert.equal(reply.status, 403);
    assert.equal((await readImage(staff, stored.path)).statusCode, 200);
  });
});

describe("GET manage/site/images/<path>", () => {
  it("reads the files of the folder the business's data came from, and nothing outside it", async () => {
    const logo = await readImage(otherOwner, "images/logo.png");
    assert.equal(logo.statusCode, 200);
    assert.equal(logo.headers["content-type"], "image/png");
    assert.deepEqual(logo.rawPayload, readFileSync(join(SECOND_BUSINESS_FILE, "..", "images", "logo.png")));
    for (const path of ["business.json", "../salon/images/logo.png", "images/../../salon/images/logo.png", "images/none.png"]) {
      assert.equal((await readImage(otherOwner, path)).statusCode, 404, path);
    }
  });

  it("answers another business's upload as not found", async () => {
    assert.equal((await readImage(otherOwner, stored.path)).statusCode, 404);
  });
});

describe("a revision naming an upload", () => {
  it("saves when the upload is the business's, and is refused with the field's path when it is not", async () => {
    const draft = SiteReplySchema.parse((await manageCall<Json>(ctx.app, "GET", "site/", owner)).body);
    const data = fixture();
    data.menu.items[0].image = { file: "uploads/0123456789abcdef.webp", alt: "A burger" };
    const refused = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: draft.revision, data } });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.detail[0].path, "data.menu.items[0].image.file");
    data.menu.items[0].image = { file: stored.path, alt: "A burger on a board" };
    const saved = await manageCall<Json>(ctx.app, "PUT", "site/", owner, { body: { revision: draft.revision, data } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  });

  it("is built with the upload written next to its business.json", async () => {
    const sitesDir = mkdtempSync(join(tmpdir(), "site-images-sites-"));
    // The build copies the item's image into the site, as Gatsby would read it from the data folder.
    const build = `const fs=require("fs"),p=require("path");const d=JSON.parse(fs.readFileSync(process.env.SITE_DATA,"utf8"));const f=d.menu.items[0].image.file;const o=process.env.PUBLISH_OUT_DIR;fs.mkdirSync(p.join(o,p.dirname(f)),{recursive:true});fs.copyFileSync(p.join(p.dirname(process.env.SITE_DATA),f),p.join(o,f));fs.writeFileSync(p.join(o,"index.html"),"<!doctype html><title>x</title>")`;
    const queued = await manageCall<Json>(ctx.app, "POST", "site/publishes/", owner);
    assert.equal(queued.status, 202, JSON.stringify(queued.body));
    const worker = new PublishWorker({ db: ctx.db, clock: () => now, log: { info: () => undefined, warn: () => undefined }, sitesDir, buildCommand: [process.execPath, "-e", build], buildCwd: process.cwd(), leaseMs: 60_000, buildTimeoutMs: 20_000 });
    assert.equal(await worker.runOnce(), "live");
    const built = readFileSync(join(sitesDir, FIXTURE_BUSINESS, "live", stored.path));
    assert.deepEqual(built, (await readImage(owner, stored.path)).rawPayload);
  });

  it("exports whole: the data file with every image it names, its own files and its uploads, imports on another machine", async () => {
    const folder = mkdtempSync(join(tmpdir(), "site-images-export-"));
    const { text } = await new SiteService({ db: ctx.db, clock: () => now }).exportFile(FIXTURE_BUSINESS);
    writeFileSync(join(folder, "business.json"), text);
    const written = await writeAllImages(ctx.db, FIXTURE_BUSINESS, text, folder);
    const business = JSON.parse(text);
    const named = new Set<string>([business.menu.items[0].image.file, ...(business.logo ? [business.logo.file] : [])]);
    assert.ok(written >= named.size, `${written} images written for ${[...named].join(", ")}`);
    assert.deepEqual(readFileSync(join(folder, stored.path)), (await readImage(owner, stored.path)).rawPayload, "the upload, from the database");
    // The folder passes the data contract's image check as a file to import would.
    const validated = validateBusiness(business, "business.json");
    assert.ok(validated.ok);
    assert.deepEqual(checkImageFiles(validated.business, folder, "business.json"), []);
  });

  it("downloads whole from the workspace: GET manage/site/export/?format=zip holds business.json and every image it names, the same zip each time", async () => {
    const zipped = async (who: MerchantRef) => ctx.app.inject({ method: "GET", url: `${API}/manage/site/export/?format=zip`, headers: { cookie: `${SESSION_COOKIE}=${who.cookie}` } });
    const reply = await zipped(owner);
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers["content-type"], "application/zip");
    assert.equal(reply.headers["content-disposition"], `attachment; filename="${FIXTURE_BUSINESS}-site.zip"`);
    const entries = unzipSync(new Uint8Array(reply.rawPayload));
    const { text } = await new SiteService({ db: ctx.db, clock: () => now }).exportFile(FIXTURE_BUSINESS);
    assert.equal(strFromU8(entries["business.json"]), text, "the data file, as the plain export gives it");
    assert.deepEqual(Buffer.from(entries[stored.path]), (await readImage(owner, stored.path)).rawPayload, "the upload, from the database");
    // Unzipped, the folder passes the contract's image check, as merchant:import checks it.
    const folder = mkdtempSync(join(tmpdir(), "site-images-zip-"));
    for (const [path, bytes] of Object.entries(entries)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), bytes);
    }
    const validated = validateBusiness(JSON.parse(text), "business.json");
    assert.ok(validated.ok);
    assert.deepEqual(checkImageFiles(validated.business, folder, "business.json"), []);
    assert.deepEqual((await zipped(owner)).rawPayload, reply.rawPayload, "the same data and photos, the same bytes");
    assert.equal((await zipped(staff)).statusCode, 403);
    const refused = await ctx.app.inject({ method: "GET", url: `${API}/manage/site/export/?format=tar`, headers: { cookie: `${SESSION_COOKIE}=${owner.cookie}` } });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /query\.format: expected \\"json\\" or \\"zip\\"/);
  });
});
