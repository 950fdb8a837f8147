/**
 * The cart's rules, shared by the item modal, the cart drawer and checkout: what a visitor may choose
 * for an item (variation, modifiers within each set's min/max, quantity), what that line costs, the
 * line as the order calls take it, how the cart is kept in browser storage (per site and location,
 * with an expiry), and what the visitor must be told about a stored cart.
 *
 * The cart is the API service's open order: the first Add creates it, later Adds add lines to it,
 * and the browser keeps its id, bearer token and last view. So the server prices every line and
 * proposes adjustments when the catalog changes between Add and checkout.
 */
import { checkModifierSelection, linePriceCents, type ModifierProblem } from "./pricing";
import { DEFAULT_CURRENCY, majorUnits } from "./money";
import { buildEvent, type AnalyticsEvent } from "../site/analytics";
import type { AdjustmentView, OrderView } from "../api/order-api";
import type { LineItemPayload } from "../api/api-requests";
import type { CatalogView } from "../api/api-views";
import { isVariationSoldOut } from "./sold-out";
import { sortedVariations } from "./variations";
import { lineChangeSentence, type LineChange } from "./line-changes";

export interface MenuModifier {
  id: string;
  name: string;
  priceCents: number;
  available: boolean;
}

export interface MenuModifierSet {
  id: string;
  name: string;
  description?: string | null;
  minAllowed: number;
  /** null: no upper limit. */
  maxAllowed: number | null;
  modifiers: MenuModifier[];
}

export interface MenuVariation {
  id: string;
  name: string;
  priceCents: number;
  order: number;
  /** false: sold out (absent means available). */
  available?: boolean;
}

export interface OrderableItem {
  id: string;
  name: string;
  available: boolean;
  variations: MenuVariation[];
  modifierSets: MenuModifierSet[];
}

export interface ItemSelection {
  variationId: string;
  /** One entry per chosen modifier. */
  modifierIds: string[];
  quantity: number;
  specialInstructions: string;
}

export const MIN_QUANTITY = 1;
/** The API service's per-line limit (docs/api.md: quantity 1–99). */
export const MAX_QUANTITY = 99;
export const MAX_SPECIAL_INSTRUCTIONS = 500;

/** The first variation that is not sold out preselected (else the first), nothing else chosen: every required set asks the visitor. */
export function initialSelection(item: Pick<OrderableItem, "variations">): ItemSelection {
  const sorted = sortedVariations(item);
  const first = sorted.find((variation) => !isVariationSoldOut(variation)) ?? sorted[0];
  if (!first) throw new RangeError("initialSelection: expected an item with at least one variation, got none");
  return { variationId: first.id, modifierIds: [], quantity: 1, specialInstructions: "" };
}

export function countInSet(set: MenuModifierSet, selection: Pick<ItemSelection, "modifierIds">): number {
  const members = new Set(set.modifiers.map((modifier) => modifier.id));
  return selection.modifierIds.filter((id) => members.has(id)).length;
}

/** A set with a maximum of one is a single choice (radio buttons); others are check boxes. */
export function isSingleChoice(set: MenuModifierSet): boolean {
  return set.maxAllowed === 1;
}

/** False once a set's maximum is reached: further boxes in it are disabled. */
export function canChooseMore(set: MenuModifierSet, selection: Pick<ItemSelection, "modifierIds">): boolean {
  return set.maxAllowed === null || countInSet(set, selection) < set.maxAllowed;
}

/**
 * Chooses or un-chooses a modifier. In a single-choice set the new choice replaces the old one; in
 * other sets a choice past the maximum is refused (the selection comes back unchanged), and so is an
 * unavailable modifier or one not in the set.
 */
export function toggleModifier(set: MenuModifierSet, selection: ItemSelection, modifierId: string): ItemSelection {
  const modifier = set.modifiers.find((candidate) => candidate.id === modifierId);
  if (!modifier) return selection;
  const chosen = selection.modifierIds.includes(modifierId);
  if (chosen) return { ...selection, modifierIds: selection.modifierIds.filter((id) => id !== modifierId) };
  if (!modifier.available) return selection;
  if (isSingleChoice(set)) {
    const members = new Set(set.modifiers.map((candidate) => candidate.id));
    return { ...selection, modifierIds: [...selection.modifierIds.filter((id) => !members.has(id)), modifierId] };
  }
  if (!canChooseMore(set, selection)) return selection;
  return { ...selection, modifierIds: [...selection.modifierIds, modifierId] };
}

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

export type SelectionProblem =
  | ModifierProblem
  | { code: "item_unavailable"; message: string }
  | { code: "variation_sold_out"; message: string }
  | { code: "unknown_variation"; message: string }
  | { code: "quantity"; message: string }
  | { code: "instructions_too_long"; message: string };

/** Everything that keeps `Add to cart` disabled, each with a message naming the set or field. */
export function selectionProblems(item: OrderableItem, selection: ItemSelection): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  if (!item.available) problems.push({ code: "item_unavailable", message: `${item.name} is not available right now` });
  const chosen = item.variations.find((variation) => variation.id === selection.variationId);
  if (!chosen) {
    problems.push({ code: "unknown_variation", message: `${item.name}: choose one of ${item.variations.map((variation) => variation.name || "the standard option").join(", ")}` });
  } else if (item.available && isVariationSoldOut(chosen)) {
    problems.push({ code: "variation_sold_out", message: `${item.name}${chosen.name ? ` (${chosen.name})` : ""} is sold out` });
  }
  if (!Number.isSafeInteger(selection.quantity) || selection.quantity < MIN_QUANTITY || selection.quantity > MAX_QUANTITY) {
    problems.push({ code: "quantity", message: `Quantity: expected a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}, got ${String(selection.quantity)}` });
  }
  if (selection.specialInstructions.length > MAX_SPECIAL_INSTRUCTIONS) {
    problems.push({ code: "instructions_too_long", message: `Special instructions: expected at most ${MAX_SPECIAL_INSTRUCTIONS} characters, got ${selection.specialInstructions.length}` });
  }
  const rules = item.modifierSets.map((set) => ({ id: set.id, name: set.name, modifierIds: set.modifiers.map((modifier) => modifier.id), minAllowed: set.minAllowed, maxAllowed: set.maxAllowed }));
  const unavailable = item.modifierSets.flatMap((set) => set.modifiers.filter((modifier) => !modifier.available).map((modifier) => modifier.id));
  problems.push(...checkModifierSelection(rules, selection.modifierIds, { unavailableModifierIds: unavailable }));
  return problems;
}

/** What a set asks for, in words: "Choose 1", "Choose up to 3", "Choose 1 to 2", "Optional". */
export function setRuleText(set: Pick<MenuModifierSet, "minAllowed" | "maxAllowed">): string {
  const { minAllowed: min, maxAllowed: max } = set;
  if (min > 0 && max !== null && min === max) return `Required: choose ${min}`;
  if (min > 0 && max !== null) return `Required: choose ${min} to ${max}`;
  if (min > 0) return `Required: choose at least ${min}`;
  if (max !== null) return `Optional: choose up to ${max}`;
  return "Optional";
}

function modifierById(item: OrderableItem): Map<string, { modifier: MenuModifier; setId: string }> {
  const index = new Map<string, { modifier: MenuModifier; setId: string }>();
  for (const set of item.modifierSets) for (const modifier of set.modifiers) if (!index.has(modifier.id)) index.set(modifier.id, { modifier, setId: set.id });
  return index;
}

/** The line's price with the shared pricing rule: (variation + modifiers) × quantity, in cents. */
export function selectionPriceCents(item: OrderableItem, selection: ItemSelection): number {
  const variation = item.variations.find((candidate) => candidate.id === selection.variationId);
  if (!variation) throw new RangeError(`selectionPriceCents: ${item.name}: variation ${selection.variationId} is not one of ${item.variations.map((v) => v.id).join(", ")}`);
  const modifiers = modifierById(item);
  return linePriceCents({
    variationPriceCents: variation.priceCents,
    modifierPricesCents: selection.modifierIds.map((id) => modifiers.get(id)?.modifier.priceCents ?? 0),
    quantity: clampQuantity(selection.quantity),
  });
}

/** The line as `POST orders/` and `POST orders/{id}/items/` take it; its display prices in whole units of `currency`. */
export function lineItemPayload(item: OrderableItem, selection: ItemSelection, currency: string = DEFAULT_CURRENCY): LineItemPayload {
  const variation = item.variations.find((candidate) => candidate.id === selection.variationId);
  if (!variation) throw new RangeError(`lineItemPayload: ${item.name}: variation ${selection.variationId} is not one of ${item.variations.map((v) => v.id).join(", ")}`);
  const modifiers = modifierById(item);
  return {
    selected_variation: { id: variation.id, menu_item: item.id, name: variation.name, order: variation.order, price: majorUnits(variation.priceCents, currency) },
    selected_modifiers: selection.modifierIds.flatMap((id) => {
      const found = modifiers.get(id);
      return found ? [{ id, modifier_set_id: found.setId, name: found.modifier.name, price: majorUnits(found.modifier.priceCents, currency) }] : [];
    }),
    special_instructions: selection.specialInstructions.trim(),
    quantity: clampQuantity(selection.quantity),
  };
}

// The stored cart (keys, expiry, parsing, counts) lives in cart-storage.ts so the navigation's cart
// button does not carry the pricing rules; it is re-exported here for the modules that need both.
export * from "./cart-storage";

// ─── what the visitor is told ────────────────────────────────────────────────────────────────────

export type CartNotice =
  | { kind: "item_unavailable"; lineId: string; message: string }
  | { kind: "adjustment"; adjustment: AdjustmentView; lineId: string | null; message: string };

/** The service's proposals (price changes and removals), each already worded for the visitor by lineChangeSentence. */
export function adjustmentNotices(order: Pick<OrderView, "adjustments">): Extract<CartNotice, { kind: "adjustment" }>[] {
  return order.adjustments.map((adjustment) => ({ kind: "adjustment", adjustment, lineId: adjustment.line_item, message: adjustment.reason }));
}

/**
 * Messages for a stored cart's lines: an item or option became unavailable (from the live catalog), and
 * every adjustment the server proposes (price changes and removals), each naming the line and the prices
 * before and after. Whether the location takes the order at all is its ordering state (ordering-state.ts).
 */
export function cartNotices(order: Pick<OrderView, "line_items" | "adjustments" | "currency">, catalog?: CatalogView | null): CartNotice[] {
  const notices: CartNotice[] = [];
  const adjusted = new Set(order.adjustments.map((adjustment) => adjustment.line_item));
  notices.push(...adjustmentNotices(order));
  if (catalog) {
    const items = new Map(catalog.items.map((item) => [item.id, item]));
    const modifiers = new Map(catalog.modifiers.map((modifier) => [modifier.id, modifier]));
    for (const line of order.line_items) {
      if (adjusted.has(line.id)) continue;
      const change = liveLineChange(line, items.get(line.menu_item), modifiers);
      if (change) notices.push({ kind: "item_unavailable", lineId: line.id, message: lineChangeSentence(change, "remove") });
    }
  }
  return notices;
}

type CatalogItemView = CatalogView["items"][number];
type CatalogModifierView = CatalogView["modifiers"][number];

/** What changed for a stored line in the live catalog, or null when it can still be ordered as it is. */
function liveLineChange(line: OrderView["line_items"][number], item: CatalogItemView | undefined, modifiers: Map<string, CatalogModifierView>): LineChange | null {
  const size = line.selected_variation.name;
  if (!item) return { kind: "off_menu", item: line.name };
  if (!item.available) return { kind: "sold_out", item: line.name };
  const variation = item.variations.find((candidate) => candidate.id === line.selected_variation.id);
  if (!variation) return { kind: "size_gone", item: line.name, size };
  if (!variation.available) return { kind: "sold_out", item: line.name, size };
  const gone = line.selected_modifiers.find((modifier) => modifiers.get(modifier.id)?.available === false);
  return gone ? { kind: "modifier_gone", item: line.name, modifier: gone.name } : null;
}

/** True when nothing in the notices stops checkout (adjustments are accepted at checkout). */
export function cartBlocksCheckout(notices: readonly CartNotice[]): boolean {
  return notices.some((notice) => notice.kind === "item_unavailable");
}

// ─── analytics ───────────────────────────────────────────────────────────────────────────────────

/** Checkout milestones, next to SPEC §3's Add to Cart and Remove from Cart. */
export const CHECKOUT_ACTIONS = { beginCheckout: "Begin Checkout", placeOrder: "Place Order" } as const;

/** An ordering event in the Products category; the value is whole currency units (providers reject fractions). */
export function orderingEvent(action: string, label: string, cents: number, currency: string = DEFAULT_CURRENCY): AnalyticsEvent {
  return buildEvent({ category: "Products", action, label, value: Math.round(majorUnits(cents, currency)) });
}
