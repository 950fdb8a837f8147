import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import type { Business, Location, MenuItem, Modifier, ModifierSet, TeamMember, Variation } from "@mainstreet/rules/business/schema";
import { forbidden } from "../http/errors";
import { isDirectory } from "../files";

/**
 * What the service knows about the businesses it takes orders for, indexed for the lookups an order needs. Two
 * layers (docs/publishing.md "The order catalog"): the SITE_DATA files, loaded through the site's own loader
 * (same zod schema, same normalisation), and, over them, the live revision of each business that has published
 * (live-catalog.ts keeps that layer in step with `site_live`). A business's live revision wins over its file,
 * because the live revision is what its public site was built from. A reload of the files swaps the whole index
 * at once, so a request never sees half of an old catalog and half of a new one; a live revision changes only its
 * own business's entries (docs/api.md "Many businesses in one service").
 */

export interface CatalogEntry {
  business: Business;
  /** Absolute path of the data file, when loaded from one. */
  file?: string;
  /** The folder the data's image paths resolve from: the data file's, or the one a revision was imported from. */
  imageDir?: string;
  /** The published version and revision this entry was read from; absent for an entry from a data file. */
  live?: { version: number; revision: number };
  locations: ReadonlyMap<string, Location>;
  items: ReadonlyMap<string, MenuItem>;
  variations: ReadonlyMap<string, { item: MenuItem; variation: Variation }>;
  modifierSets: ReadonlyMap<string, ModifierSet>;
  modifiers: ReadonlyMap<string, Modifier>;
  /** Every member, hidden ones too (the appointment book checks `show` itself, see booking/staff.ts). */
  team: ReadonlyMap<string, TeamMember>;
}

export class CatalogLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`Business data could not be loaded:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
    this.name = "CatalogLoadError";
  }
}

/** Indexes one business for the lookups an order needs. */
export function index(business: Business, source: Pick<CatalogEntry, "file" | "imageDir" | "live"> = {}): CatalogEntry {
  const variations = new Map<string, { item: MenuItem; variation: Variation }>();
  for (const item of business.menu.items) for (const variation of item.variations) variations.set(variation.id, { item, variation });
  return {
    business,
    ...source,
    locations: new Map(business.locations.map((location) => [location.id, location])),
    items: new Map(business.menu.items.map((item) => [item.id, item])),
    variations,
    modifierSets: new Map(business.menu.modifierSets.map((set) => [set.id, set])),
    modifiers: new Map(business.menu.modifiers.map((modifier) => [modifier.id, modifier])),
    team: new Map(business.team.map((member) => [member.id, member])),
  };
}

/** The name of the data file inside each business folder of a SITE_DATA folder. */
const FOLDER_DATA_FILE = "business.json";

/**
 * SITE_DATA as data files: a file stays itself; a folder stands for the `business.json` of each of its
 * sub-folders (`<folder>/<business>/business.json`, images beside it), in name order, read again on every
 * reload so a business folder added since is picked up by `kill -HUP`.
 */
export function dataFilesOf(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    if (!isDirectory(path)) return [path];
    // A business folder may be a link to one kept elsewhere: followed, as the data file's own path would be.
    return readdirSync(path)
      .filter((name) => !name.startsWith(".") && isDirectory(join(path, name)))
      .sort()
      .map((name) => join(path, name, FOLDER_DATA_FILE));
  });
}

function loadFiles(paths: readonly string[]): CatalogEntry[] {
  const problems: string[] = [];
  const entries: CatalogEntry[] = [];
  for (const file of dataFilesOf(paths)) {
    const result = loadBusinessFile(file);
    if (result.ok) entries.push(index(result.business, { file: result.file, imageDir: result.dir }));
    else problems.push(...result.problems);
  }
  if (problems.length > 0) throw new CatalogLoadError(problems);
  return entries;
}

export class Catalog {
  private byId = new Map<string, CatalogEntry>();
  private byProduct = new Map<string, CatalogEntry>();
  private fromFiles = new Map<string, CatalogEntry>();
  private fromLive = new Map<string, CatalogEntry>();
  private changes = 0;

  constructor(
    entries: readonly (Business | CatalogEntry)[] = [],
    private readonly files: readonly string[] = [],
  ) {
    this.swap(
      entries.map((entry) => ("business" in entry ? entry : index(entry))),
      this.fromLive,
    );
  }

  /** Loads every file; any problem in any file refuses the whole set (one line per problem). */
  static fromFiles(files: readonly string[]): Catalog {
    return new Catalog(loadFiles(files), files);
  }

  /**
   * Re-reads the files this catalog came from (`kill -HUP`); on a bad file the current data stays in place. A
   * business with a live revision keeps answering from it: the file is its fallback, not its data.
   */
  reload(): void {
    if (this.files.length === 0) return;
    this.swap(loadFiles(this.files), this.fromLive);
  }

  /** Replaces (or adds) one business's file data, as a data rebuild would; used by tests. */
  put(business: Business): void {
    const others = [...this.fromFiles.values()].filter((entry) => entry.business.id !== business.id);
    this.swap([...others, index(business)], this.fromLive);
  }

  /**
   * Puts a business's live revision over its file data (live-catalog.ts); a conflict leaves everything as it
   * was. Only this business's entries change, so the cost of a publish does not grow with the number of
   * businesses; the maps are updated in one synchronous step, which no request can see half done.
   */
  putLive(entry: CatalogEntry): void {
    const { id, ordering } = entry.business;
    const taken = this.byProduct.get(ordering.merchantProduct);
    if (taken && taken.business.id !== id) {
      const where = entry.live ? `revision ${entry.live.revision} of ${id}` : id;
      throw new CatalogLoadError([`${where}: ordering.merchantProduct: expected a product id not used by another business (${taken.business.id}), got ${JSON.stringify(ordering.merchantProduct)}`]);
    }
    const previous = this.byId.get(id);
    if (previous && previous.business.ordering.merchantProduct !== ordering.merchantProduct) this.byProduct.delete(previous.business.ordering.merchantProduct);
    this.fromLive.set(id, entry);
    this.byId.set(id, entry);
    this.byProduct.set(ordering.merchantProduct, entry);
    this.changes += 1;
  }

  /** How many businesses are served, without listing them. */
  get size(): number {
    return this.byId.size;
  }

  /** How many of them answer from their live revision. */
  get liveCount(): number {
    return this.fromLive.size;
  }

  /**
   * Counts the changes to the served businesses: a reader that derives something from all of them (the
   * search index) rebuilds it when this has moved, rather than on every request.
   */
  get generation(): number {
    return this.changes;
  }

  /** The business, when the service serves exactly one (the sign-in screen's brand). */
  sole(): CatalogEntry | undefined {
    if (this.byId.size !== 1) return undefined;
    const [entry] = this.byId.values();
    return entry;
  }

  /** Where a business's entry comes from: its live revision, its data file, or nowhere. */
  sourceOf(businessId: string): "live" | "file" | null {
    if (this.fromLive.has(businessId)) return "live";
    return this.fromFiles.has(businessId) ? "file" : null;
  }

  /** One business as the health check reports it: whether it is served, from what, and on which live version. */
  servedAs(businessId: string): { id: string; served: boolean; source: "live" | "file" | null; live_version: number | null } {
    const entry = this.byId.get(businessId);
    return { id: businessId, served: entry !== undefined, source: this.sourceOf(businessId), live_version: entry?.live?.version ?? null };
  }

  get(businessId: string): CatalogEntry | undefined {
    return this.byId.get(businessId);
  }

  /** The business a signed-in merchant works on; 403 when it is no longer among the data files served. */
  served(businessId: string): CatalogEntry {
    const entry = this.byId.get(businessId);
    if (!entry) throw forbidden(`Business ${businessId} is not served by this service any more`);
    return entry;
  }

  byMerchantProduct(merchantProduct: string): CatalogEntry | undefined {
    return this.byProduct.get(merchantProduct);
  }

  /** Every business served: for start, reload and search-index building, never once per request. */
  list(): CatalogEntry[] {
    return [...this.byId.values()];
  }

  /** Checks the merged view of both layers and only then installs it, all at once. */
  private swap(files: readonly CatalogEntry[], live: ReadonlyMap<string, CatalogEntry>): void {
    const fromFiles = new Map<string, CatalogEntry>();
    for (const entry of files) {
      const { id } = entry.business;
      if (fromFiles.has(id)) throw new CatalogLoadError([`${entry.file ?? id}: id: expected a business id not used by another data file, got ${JSON.stringify(id)}`]);
      fromFiles.set(id, entry);
    }
    const merged = new Map(fromFiles);
    for (const [id, entry] of live) merged.set(id, entry);
    const byProduct = new Map<string, CatalogEntry>();
    for (const entry of merged.values()) {
      const { id, ordering } = entry.business;
      const taken = byProduct.get(ordering.merchantProduct);
      if (taken) {
        const where = entry.live ? `revision ${entry.live.revision} of ${id}` : (entry.file ?? id);
        throw new CatalogLoadError([`${where}: ordering.merchantProduct: expected a product id not used by another business (${taken.business.id}), got ${JSON.stringify(ordering.merchantProduct)}`]);
      }
      byProduct.set(ordering.merchantProduct, entry);
    }
    this.fromFiles = fromFiles;
    this.fromLive = new Map(live);
    this.byId = merged;
    this.byProduct = byProduct;
    this.changes += 1;
  }
}

/** The modifier sets of an item, in the item's order, resolved from ids. */
export function itemModifierSets(entry: CatalogEntry, item: MenuItem): ModifierSet[] {
  return item.modifierSetIds.map((id) => entry.modifierSets.get(id)).filter((set): set is ModifierSet => set !== undefined);
}
