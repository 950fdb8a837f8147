import type { MenuItem, Variation } from "@mainstreet/rules/business/schema";
import type { CatalogEntry } from "../catalog/catalog";
import type { Queryable } from "../db/db";
import { liveMarks } from "./availability.store";

/**
 * The workspace's sold-out marks (`availability_overrides`, migration 003) as the order calls see them: an
 * item (variation_id '') or one variation, until a time (the end of the day) or until further notice.
 * `withSoldOut` gives the catalog entry with the marks that hold now applied as `available: false`, so the
 * one pricing path (order-lines.ts) refuses them with the data file's own "is sold out" and a cart holding
 * one gets the usual adjustment before checkout.
 */

export interface SoldOutMark {
  itemId: string;
  /** '' for the whole item. */
  variationId: string;
  /** null: until further notice. */
  until: Date | null;
}

/** The marks of a business that hold at `now`. */
export async function soldOutMarks(q: Queryable, businessId: string, now: Date): Promise<SoldOutMark[]> {
  const rows = await liveMarks(q, businessId, now);
  return rows.map((row) => ({ itemId: row.item_id, variationId: row.variation_id, until: row.sold_out_until ? new Date(row.sold_out_until) : null }));
}

/** The entry with `marks` applied (the same entry when there are none). */
export function withSoldOut(entry: CatalogEntry, marks: readonly SoldOutMark[]): CatalogEntry {
  if (marks.length === 0) return entry;
  const items = new Set(marks.filter((mark) => mark.variationId === "").map((mark) => mark.itemId));
  const variations = new Set(marks.filter((mark) => mark.variationId !== "").map((mark) => mark.variationId));
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
  return { ...entry, items: itemMap, variations: variationMap };
}

/** The catalog entry of a business as orders must see it now: the data file's, with the sold-out marks. */
export async function liveEntry(q: Queryable, entry: CatalogEntry | undefined, now: Date): Promise<CatalogEntry | undefined> {
  if (!entry) return undefined;
  return withSoldOut(entry, await soldOutMarks(q, entry.business.id, now));
}
