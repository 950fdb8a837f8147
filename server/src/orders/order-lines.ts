import { lineChangeSentence, type LineChange } from "@mainstreet/rules/orders/line-changes";
import { checkModifierSelection, linePriceCents } from "@mainstreet/rules/orders/pricing";
import { itemModifierSets, type CatalogEntry } from "../catalog/catalog";
import type { IssueDetail } from "../http/errors";

/**
 * Turns a visitor's line selection into a priced line using only the catalog (never a client price),
 * and compares a stored line with the live catalog to decide whether an adjustment is needed.
 */

export interface LineSelection {
  menuItemId: string;
  variationId: string;
  modifiers: { id: string; setId?: string }[];
  quantity: number;
  specialInstructions: string;
}

export interface PricedModifier {
  id: string;
  name: string;
  price_cents: number;
  modifier_set_id: string;
}

export interface PricedLine {
  menuItemId: string;
  variationId: string;
  itemName: string;
  variationName: string;
  variationPriceCents: number;
  modifiers: PricedModifier[];
  unitPriceCents: number;
  quantity: number;
  specialInstructions: string;
}

export type PriceResult = { ok: true; line: PricedLine } | { ok: false; problems: IssueDetail[] };

export function priceSelection(entry: CatalogEntry, selection: LineSelection, where: string): PriceResult {
  const problems: IssueDetail[] = [];
  const item = entry.items.get(selection.menuItemId);
  const variationPath = `${where}.selected_variation`;
  if (!item || !item.visible) {
    return { ok: false, problems: [{ path: `${variationPath}.menu_item`, message: `menu item "${selection.menuItemId}" is not on the menu of ${entry.business.name}` }] };
  }
  if (!item.available) {
    problems.push({ path: `${variationPath}.menu_item`, message: `${item.name} is sold out` });
  }
  const variation = item.variations.find((candidate) => candidate.id === selection.variationId);
  if (variation && item.available && !variation.available) {
    problems.push({ path: `${variationPath}.id`, message: `${item.name}${variation.name ? ` (${variation.name})` : ""} is sold out` });
  }
  if (!variation) {
    problems.push({
      path: `${variationPath}.id`,
      message: `variation "${selection.variationId}" is not a variation of ${item.name} (expected one of ${item.variations.map((v) => v.id).join(", ")})`,
    });
  }
  const sets = itemModifierSets(entry, item);
  const modifiers: PricedModifier[] = [];
  selection.modifiers.forEach((chosen, index) => {
    const path = `${where}.selected_modifiers[${index}]`;
    const modifier = entry.modifiers.get(chosen.id);
    const owningSets = sets.filter((set) => set.modifierIds.includes(chosen.id));
    if (!modifier || owningSets.length === 0) return; // reported by checkModifierSelection as not offered
    let set = owningSets[0];
    if (chosen.setId !== undefined) {
      const named = owningSets.find((candidate) => candidate.id === chosen.setId);
      if (!named) {
        problems.push({ path: `${path}.modifier_set_id`, message: `modifier "${chosen.id}" is not in modifier set "${chosen.setId}" of ${item.name}` });
        return;
      }
      set = named;
    }
    modifiers.push({ id: modifier.id, name: modifier.name, price_cents: modifier.priceCents, modifier_set_id: set.id });
  });
  // A modifier sold out (in the data file or from the workspace) is refused in the words of a sold-out item,
  // which the site turns into one sentence for the visitor (soldOutRefusal).
  selection.modifiers.forEach((chosen, index) => {
    const modifier = entry.modifiers.get(chosen.id);
    if (modifier?.available === false) problems.push({ path: `${where}.selected_modifiers[${index}].id`, message: `${modifier.name} for ${item.name} is sold out` });
  });
  for (const problem of checkModifierSelection(
    sets,
    selection.modifiers.map((chosen) => chosen.id),
  )) {
    problems.push({ path: `${where}.selected_modifiers`, message: `${item.name}: ${problem.message}` });
  }
  if (problems.length > 0 || !variation) return { ok: false, problems };
  const modifierPricesCents = modifiers.map((modifier) => modifier.price_cents);
  return {
    ok: true,
    line: {
      menuItemId: item.id,
      variationId: variation.id,
      itemName: item.name,
      variationName: variation.name,
      variationPriceCents: variation.priceCents,
      modifiers,
      unitPriceCents: linePriceCents({ variationPriceCents: variation.priceCents, modifierPricesCents, quantity: 1 }),
      quantity: selection.quantity,
      specialInstructions: selection.specialInstructions,
    },
  };
}

export interface StoredLine {
  id: string;
  menu_item_id: string;
  variation_id: string;
  modifiers: PricedModifier[];
  quantity: number;
  special_instructions: string;
  item_name: string;
  variation_name: string;
  variation_price_cents: number;
  unit_price_cents: number;
}

export function selectionOf(line: StoredLine): LineSelection {
  return {
    menuItemId: line.menu_item_id,
    variationId: line.variation_id,
    modifiers: line.modifiers.map((modifier) => ({ id: modifier.id, setId: modifier.modifier_set_id })),
    quantity: line.quantity,
    specialInstructions: line.special_instructions,
  };
}

export type Drift =
  | { kind: "none" }
  | { kind: "price_changed"; line: PricedLine; reason: string }
  | { kind: "unavailable"; reason: string };

/** Why a stored line can no longer be ordered, read from the live catalog. */
function unavailableChange(entry: CatalogEntry, line: StoredLine): LineChange {
  const item = entry.items.get(line.menu_item_id);
  const size = line.variation_name;
  if (!item || !item.visible) return { kind: "off_menu", item: line.item_name };
  if (!item.available) return { kind: "sold_out", item: line.item_name };
  const variation = item.variations.find((candidate) => candidate.id === line.variation_id);
  if (!variation) return { kind: "size_gone", item: line.item_name, size };
  if (!variation.available) return { kind: "sold_out", item: line.item_name, size };
  const gone = line.modifiers.find((modifier) => entry.modifiers.get(modifier.id)?.available !== true);
  return gone ? { kind: "modifier_gone", item: line.item_name, modifier: gone.name } : { kind: "choices_changed", item: line.item_name };
}

/** Whether the catalog still sells this line at the price the visitor agreed to; the reason is the visitor's sentence. */
export function driftOf(entry: CatalogEntry | undefined, line: StoredLine): Drift {
  if (!entry) return { kind: "unavailable", reason: lineChangeSentence({ kind: "off_menu", item: line.item_name }, "accept") };
  const money = { currency: entry.business.ordering.currency, locale: entry.business.locale };
  const priced = priceSelection(entry, selectionOf(line), "line");
  if (!priced.ok) return { kind: "unavailable", reason: lineChangeSentence(unavailableChange(entry, line), "accept", money) };
  const next = priced.line;
  const samePrices =
    next.variationPriceCents === line.variation_price_cents &&
    next.unitPriceCents === line.unit_price_cents &&
    next.modifiers.length === line.modifiers.length &&
    next.modifiers.every((modifier, index) => modifier.price_cents === line.modifiers[index].price_cents);
  if (samePrices) return { kind: "none" };
  return {
    kind: "price_changed",
    line: next,
    reason: lineChangeSentence(
      { kind: "price_changed", item: line.item_name, size: line.variation_name, beforeCents: line.unit_price_cents, afterCents: next.unitPriceCents },
      "accept",
      money,
    ),
  };
}
