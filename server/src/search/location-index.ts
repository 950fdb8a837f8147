import type { Location } from "@mainstreet/rules/business/schema";
import type { Catalog, CatalogEntry } from "../catalog/catalog";

/**
 * The known locations' words, indexed by every prefix of every word, so address autocomplete reads only the
 * locations that can match instead of every location of every business (docs/api.md "Many businesses in one
 * service"). Built from the catalog when a search first finds it changed (a publish, a reload), never per
 * request otherwise. A search walks the candidates of its rarest word, in the catalog's order, and stops at the
 * limit: its cost follows the matches, not the number of businesses.
 */

export interface KnownPlace {
  entry: CatalogEntry;
  location: Location;
}

/** What a search matches against: the address alone, or the address and the business's and location's names. */
export type PlaceWords = "address" | "address-and-names";

interface Indexed extends KnownPlace {
  words: Record<PlaceWords, string[]>;
}

/** Lower-case ASCII words: accents dropped, anything else a separator. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function addPrefixes(index: Map<string, number[]>, place: number, placeWords: readonly string[]): void {
  const prefixes = new Set<string>();
  for (const word of placeWords) for (let end = 1; end <= word.length; end += 1) prefixes.add(word.slice(0, end));
  for (const prefix of prefixes) {
    const places = index.get(prefix);
    if (places) places.push(place);
    else index.set(prefix, [place]);
  }
}

export class LocationIndex {
  private builtAt = -1;
  private places: Indexed[] = [];
  private byPrefix: Record<PlaceWords, Map<string, number[]>> = { address: new Map(), "address-and-names": new Map() };

  constructor(private readonly catalog: Catalog) {}

  /** The first `limit` places whose words start with every word of `query`, in the catalog's order. */
  search(query: readonly string[], kind: PlaceWords, limit: number): KnownPlace[] {
    this.refresh();
    const wanted = [...new Set(query)];
    if (wanted.length === 0) return this.places.slice(0, limit);
    const lists = wanted.map((word) => this.byPrefix[kind].get(word) ?? []);
    const rarest = lists.reduce((best, list) => (list.length < best.length ? list : best));
    const found: KnownPlace[] = [];
    for (const place of rarest) {
      const candidate = this.places[place];
      if (wanted.every((word) => candidate.words[kind].some((own) => own.startsWith(word)))) found.push(candidate);
      if (found.length === limit) break;
    }
    return found;
  }

  private refresh(): void {
    if (this.builtAt === this.catalog.generation) return;
    const places: Indexed[] = [];
    const byPrefix: Record<PlaceWords, Map<string, number[]>> = { address: new Map(), "address-and-names": new Map() };
    for (const entry of this.catalog.list()) {
      for (const location of entry.business.locations) {
        const address = words([location.street, location.city, location.state, location.zip, location.country].join(" "));
        const named = [...address, ...words([entry.business.name, location.name ?? ""].join(" "))];
        const place = places.length;
        places.push({ entry, location, words: { address, "address-and-names": named } });
        addPrefixes(byPrefix.address, place, address);
        addPrefixes(byPrefix["address-and-names"], place, named);
      }
    }
    this.places = places;
    this.byPrefix = byPrefix;
    this.builtAt = this.catalog.generation;
  }
}
