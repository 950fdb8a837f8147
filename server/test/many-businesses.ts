import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { announceLive } from "../src/catalog/live-announcements";
import type { Db } from "../src/db/db";
import { insertJob, setLive } from "../src/publish/publish.store";
import { headOf, insertFirstRevision, insertRevision, moveDraft } from "../src/site/site.store";

/**
 * Generated businesses for the scaling tests and `npm run bench:api -- --businesses N`: copies of the bistro
 * fixture, each with its own id, name, product id and addresses. Every copy's streets carry a word of its own
 * (`lane` below, fixed width so no copy's word starts another's), so a search can name exactly one business.
 */

const FIXTURE = join(__dirname, "fixtures", "bistro.json");

type Json = Record<string, unknown>;

/** Number `n` (from 1) as a fixed-width word of letters: 1 → "aaab", 27 → "aabb". */
export function laneOf(n: number): string {
  let rest = n;
  let word = "";
  for (let place = 0; place < 4; place += 1) {
    word = String.fromCharCode(97 + (rest % 26)) + word;
    rest = Math.floor(rest / 26);
  }
  return word;
}

export const generatedId = (n: number) => `gen-${String(n).padStart(4, "0")}`;
export const generatedProduct = (n: number) => `prod-gen-${String(n).padStart(4, "0")}`;

/** Business number `n`'s own host name, when it is generated with one. */
export const generatedHost = (n: number) => `${generatedId(n)}.example`;

/** Business number `n` as a data file's document; `withDomain` gives it its own host name. */
export function generatedBusiness(n: number, withDomain = false): Json {
  const base = JSON.parse(readFileSync(FIXTURE, "utf8")) as Json;
  const locations = (base.locations as Json[]).map((location, index) => ({ ...location, street: `${n * 10 + index} ${laneOf(n)} Lane` }));
  const ordering = { ...(base.ordering as Json), merchantProduct: generatedProduct(n) };
  const domains = withDomain ? { domains: [{ url: `https://${generatedHost(n)}`, primaryDomain: true }] } : {};
  return { ...base, id: generatedId(n), name: `Generated Bistro ${n}`, locations, ordering, ...domains };
}

/** Writes businesses 1..count as `<dir>/<id>/business.json`, a folder of business folders; returns the files. */
export function writeGeneratedBusinesses(dir: string, count: number, withDomains = false): string[] {
  return Array.from({ length: count }, (_, index) => {
    const folder = join(dir, generatedId(index + 1));
    mkdirSync(folder, { recursive: true });
    const file = join(folder, "business.json");
    writeFileSync(file, `${JSON.stringify(generatedBusiness(index + 1, withDomains), null, 2)}\n`);
    return file;
  });
}

/**
 * Stores each business as its revision 1 and makes that revision live (as merchant:import then a publish would,
 * without building a site); `announce` tells the catalogs following the database, as a publish going live does.
 */
export async function storeLiveBusinesses(db: Db, documents: readonly Json[], at: Date, announce = false): Promise<void> {
  for (const document of documents) {
    const businessId = String(document.id);
    await db.transaction(async (tx) => {
      const head = await headOf(tx, businessId, true);
      const revision = (head?.draft_revision ?? 0) + 1;
      const fileText = JSON.stringify(document);
      if (head) {
        await insertRevision(tx, { businessId, revision, fileText, by: { source: "import" }, summary: "generated", at });
        await moveDraft(tx, businessId, head.draft_revision, revision, at);
      } else await insertFirstRevision(tx, { businessId, revision, fileText, by: { source: "import" }, summary: "generated", at }, null);
      const { version } = await insertJob(tx, { id: randomUUID(), businessId, revision, at });
      if (version === null) throw new Error(`storeLiveBusinesses: the publish job of ${businessId} got no version number`);
      await setLive(tx, businessId, { version, revision, at });
      if (announce) await announceLive(db, tx, { businessId, version });
    });
  }
}
