import type { MenuItem, Modifier, Variation } from "@mainstreet/rules/business/schema";
import type { CatalogEntry } from "../catalog/catalog";
import type { Queryable } from "../db/db";
import { liveMarks, markSubject } from "./availability.store";

/**
 * The workspace's sold-out marks (`availability_overrides`, migration 003) as the order calls see them: an
 * item (variation_id '') or one variation, or a modifier on every item (availability.store.ts), until a time
 * (the end of the day) or until further notice. `withSoldOut` gives the catalog entry with the marks that
 * hold now applied as `available: false`, so the one pricing path (order-lines.ts) refuses them with the
 * data file's own "is sold out" and a cart holding one gets the usual adjustment before checkout.
 */

export interface SoldOutMark {
  /** '' for a modifier's mark. */
  itemId: string;
  /** '' for the whole item (and for a modifier's mark). */
  variationId: string;
  /** The modifier a mark is of, null for an item's or a variation's. */
  modifierId: string | null;
  /** null: until further notice. */
  until: Date | null;
}

/** The marks of a business that hold at `now`. */
export async function soldOutMarks(q: Queryable, businessId: string, now: Date): Promise<SoldOutMark[]> {
  const rows = await liveMarks(q, businessId, now);
  return rows.map((row) => ({ ...markSubject(row), until: row.sold_out_until ? new Date(row.sold_out_until) : null }));
}

/** The entry with `marks` applied (the same entry when there are none). */
export function withSoldOut(entry: CatalogEntry, marks: readonly SoldOutMark[]): CatalogEntry {
  if (marks.length === 0) return entry;
  const itemMarks = marks.filter((mark) => mark.modifierId === null);
  const items = new Set(itemMarks.filter((mark) => mark.variationId === "").map((mark) => mark.itemId));
  const variations = new Set(itemMarks.filter((mark) => mark.variationId !== "").map((mark) => mark.variationId));
  const soldOutModifiers = new Set(marks.flatMap((mark) => (mark.modifierId === null ? [] : [mark.modifierId])));
  const marked = (item: MenuItem): MenuItem => ({
    ...item,
    available: item.available && !items.has(item.id),
    variations: item.variations.map((variation): Variation => (variations.has(variation.id) ? { ...variation, available: false } : variation)),
  });
  const itemMap = new Map<string, MenuItem>();
  const variationMap = new Map<string, { item: MenuItem; variation: Variation }>();
  for (const original of entry.items.values()) {
    const item = items.has(original.id) || original.variations.some((variation) => variations.has(variation.id)) ? marked(original) : original;
    itemMap.set(item.id, item);
    for (const variation of item.variations) variationMap.set(variation.id, { item, variation });
  }
  const modifiers = new Map<string, Modifier>();
  for (const modifier of entry.modifiers.values()) modifiers.set(modifier.id, soldOutModifiers.has(modifier.id) ? { ...modifier, available: false } : modifier);
  return { ...entry, items: itemMap, variations: variationMap, modifiers };
}

/** The catalog entry of a business as orders must see it now: the data file's, with the sold-out marks. */
export async function liveEntry(q: Queryable, entry: CatalogEntry | undefined, now: Date): Promise<CatalogEntry | undefined> {
  if (!entry) return undefined;
  return withSoldOut(entry, await soldOutMarks(q, entry.business.id, now));
}
