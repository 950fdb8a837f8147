import { loadBusinessFile } from "@mainstreet/rules/business/load";
import type { Business, Location, MenuItem, Modifier, ModifierSet, TeamMember, Variation } from "@mainstreet/rules/business/schema";
import { forbidden } from "../http/errors";

/**
 * What the service knows about the businesses it takes orders for: the same business data files as
 * the site, loaded through the site's own loader (same zod schema, same normalisation), indexed for
 * the lookups an order needs. Reloading swaps the whole index at once, so a request never sees half
 * of an old file and half of a new one.
 */

export interface CatalogEntry {
  business: Business;
  /** Absolute path of the data file, when loaded from one. */
  file?: string;
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

function index(business: Business, file?: string): CatalogEntry {
  const variations = new Map<string, { item: MenuItem; variation: Variation }>();
  for (const item of business.menu.items) for (const variation of item.variations) variations.set(variation.id, { item, variation });
  return {
    business,
    file,
    locations: new Map(business.locations.map((location) => [location.id, location])),
    items: new Map(business.menu.items.map((item) => [item.id, item])),
    variations,
    modifierSets: new Map(business.menu.modifierSets.map((set) => [set.id, set])),
    modifiers: new Map(business.menu.modifiers.map((modifier) => [modifier.id, modifier])),
    team: new Map(business.team.map((member) => [member.id, member])),
  };
}

function loadFiles(files: readonly string[]): CatalogEntry[] {
  const problems: string[] = [];
  const entries: CatalogEntry[] = [];
  for (const file of files) {
    const result = loadBusinessFile(file);
    if (result.ok) entries.push(index(result.business, result.file));
    else problems.push(...result.problems);
  }
  if (problems.length > 0) throw new CatalogLoadError(problems);
  return entries;
}

export class Catalog {
  private byId = new Map<string, CatalogEntry>();
  private byProduct = new Map<string, CatalogEntry>();

  constructor(
    entries: readonly (Business | CatalogEntry)[] = [],
    private readonly files: readonly string[] = [],
  ) {
    this.swap(entries.map((entry) => ("business" in entry ? entry : index(entry))));
  }

  /** Loads every file; any problem in any file refuses the whole set (one line per problem). */
  static fromFiles(files: readonly string[]): Catalog {
    return new Catalog(loadFiles(files), files);
  }

  /** Re-reads the files this catalog came from; on a bad file the current data stays in place. */
  reload(): void {
    if (this.files.length === 0) return;
    this.swap(loadFiles(this.files));
  }

  /** Replaces (or adds) one business, as a data rebuild would; used by reloads and tests. */
  put(business: Business): void {
    const others = [...this.byId.values()].filter((entry) => entry.business.id !== business.id);
    this.swap([...others, index(business)]);
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

  list(): CatalogEntry[] {
    return [...this.byId.values()];
  }

  private swap(entries: readonly CatalogEntry[]): void {
    const byId = new Map<string, CatalogEntry>();
    const byProduct = new Map<string, CatalogEntry>();
    for (const entry of entries) {
      const { id, ordering } = entry.business;
      if (byId.has(id)) throw new CatalogLoadError([`${entry.file ?? id}: id: expected a business id not used by another data file, got ${JSON.stringify(id)}`]);
      if (byProduct.has(ordering.merchantProduct)) {
        throw new CatalogLoadError([`${entry.file ?? id}: ordering.merchantProduct: expected a product id not used by another business, got ${JSON.stringify(ordering.merchantProduct)}`]);
      }
      byId.set(id, entry);
      byProduct.set(ordering.merchantProduct, entry);
    }
    this.byId = byId;
    this.byProduct = byProduct;
  }
}

/** The modifier sets of an item, in the item's order, resolved from ids. */
export function itemModifierSets(entry: CatalogEntry, item: MenuItem): ModifierSet[] {
  return item.modifierSetIds.map((id) => entry.modifierSets.get(id)).filter((set): set is ModifierSet => set !== undefined);
}
