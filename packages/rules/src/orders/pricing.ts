/**
 * Cart and order arithmetic in integer cents, shared by the item modal, the cart and the API service
 * (which recomputes every total from its catalog and never trusts a client price).
 */
import { type TipAttributes, divideRoundHalfUp, tipCents } from "./tip";

function checkCents(where: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${where}: expected a whole number of cents >= 0, got ${String(value)}`);
  }
}

function checkQuantity(where: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${where}: expected a whole quantity >= 1, got ${String(value)}`);
  }
}

export type LinePriceInput = {
  variationPriceCents: number;
  modifierPricesCents: readonly number[];
  quantity: number;
};

/** (variation + every chosen modifier) × quantity. */
export function linePriceCents(line: LinePriceInput): number {
  checkCents("linePriceCents: variationPriceCents", line.variationPriceCents);
  line.modifierPricesCents.forEach((cents, index) => checkCents(`linePriceCents: modifierPricesCents[${index}]`, cents));
  checkQuantity("linePriceCents: quantity", line.quantity);
  const unit = line.modifierPricesCents.reduce((sum, cents) => sum + cents, line.variationPriceCents);
  return unit * line.quantity;
}

export type ModifierSetRule = {
  id: string;
  name: string;
  modifierIds: readonly string[];
  minAllowed: number;
  /** null: no upper limit. */
  maxAllowed: number | null;
};

export type ModifierProblem =
  | { code: "too_few"; setId: string; setName: string; limit: number; count: number; message: string }
  | { code: "too_many"; setId: string; setName: string; limit: number; count: number; message: string }
  | { code: "not_offered"; modifierId: string; count: number; message: string }
  | { code: "unavailable"; modifierId: string; setId: string; setName: string; count: number; message: string };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * Checks a selection of modifier ids (an id may repeat to choose it more than once) against the item's
 * modifier sets: each set's count must lie within [minAllowed, maxAllowed], every id must belong to one of
 * the item's sets, and none may be marked unavailable. Each problem names the set, the rule and the count.
 */
export function checkModifierSelection(
  sets: readonly ModifierSetRule[],
  selectedModifierIds: readonly string[],
  options: { unavailableModifierIds?: readonly string[] } = {},
): ModifierProblem[] {
  const problems: ModifierProblem[] = [];
  const counts = new Map<string, number>();
  for (const id of selectedModifierIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const unavailable = new Set(options.unavailableModifierIds ?? []);

  for (const set of sets) {
    const members = new Set(set.modifierIds);
    const count = [...counts].reduce((sum, [id, times]) => sum + (members.has(id) ? times : 0), 0);
    if (count < set.minAllowed) {
      problems.push({
        code: "too_few",
        setId: set.id,
        setName: set.name,
        limit: set.minAllowed,
        count,
        message: `${set.name}: choose at least ${set.minAllowed} (${plural(count, "choice")} made)`,
      });
    }
    if (set.maxAllowed !== null && count > set.maxAllowed) {
      problems.push({
        code: "too_many",
        setId: set.id,
        setName: set.name,
        limit: set.maxAllowed,
        count,
        message: `${set.name}: choose at most ${set.maxAllowed} (${plural(count, "choice")} made)`,
      });
    }
    for (const id of members) {
      const times = counts.get(id) ?? 0;
      if (times > 0 && unavailable.has(id)) {
        problems.push({
          code: "unavailable",
          modifierId: id,
          setId: set.id,
          setName: set.name,
          count: times,
          message: `${set.name}: modifier ${id} is not available now (chosen ${times === 1 ? "once" : `${times} times`})`,
        });
      }
    }
  }

  const offered = new Set(sets.flatMap((set) => set.modifierIds));
  for (const [id, times] of counts) {
    if (!offered.has(id)) {
      problems.push({
        code: "not_offered",
        modifierId: id,
        count: times,
        message: `modifier ${id} is not in any modifier set of this item (chosen ${times === 1 ? "once" : `${times} times`})`,
      });
    }
  }
  return problems;
}

export type OrderLineAmount = { unitCents: number; quantity: number };

export type OrderTotalsInput = {
  /** Lines to sum, or a subtotal already known; one of the two is required. */
  lines?: readonly OrderLineAmount[];
  subtotalCents?: number;
  tip?: TipAttributes | null;
  /** Basis points: 875 is 8.75%. */
  taxRateBps: number;
  deliveryFeeCents?: number;
};

export type OrderTotals = {
  subtotalCents: number;
  taxCents: number;
  tipCents: number;
  deliveryFeeCents: number;
  totalCents: number;
};

/**
 * Subtotal, tax, tip, delivery fee and total. Tax is round-half-up of subtotal × rate on the goods
 * only (tips are not taxable; delivery-fee taxation varies by place, so the fee is left out); the tip
 * percentage also applies to the subtotal.
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  let subtotalCents: number;
  if (input.lines) {
    subtotalCents = input.lines.reduce((sum, line, index) => {
      checkCents(`computeOrderTotals: lines[${index}].unitCents`, line.unitCents);
      checkQuantity(`computeOrderTotals: lines[${index}].quantity`, line.quantity);
      return sum + line.unitCents * line.quantity;
    }, 0);
  } else if (input.subtotalCents !== undefined) {
    checkCents("computeOrderTotals: subtotalCents", input.subtotalCents);
    subtotalCents = input.subtotalCents;
  } else {
    throw new TypeError("computeOrderTotals: expected lines or subtotalCents, got neither");
  }
  if (!Number.isSafeInteger(input.taxRateBps) || input.taxRateBps < 0) {
    throw new RangeError(`computeOrderTotals: taxRateBps: expected whole basis points >= 0 (875 = 8.75%), got ${String(input.taxRateBps)}`);
  }
  const deliveryFeeCents = input.deliveryFeeCents ?? 0;
  checkCents("computeOrderTotals: deliveryFeeCents", deliveryFeeCents);
  const taxCents = divideRoundHalfUp(subtotalCents * input.taxRateBps, 10_000);
  const tip = input.tip ? tipCents(subtotalCents, input.tip) : 0;
  return {
    subtotalCents,
    taxCents,
    tipCents: tip,
    deliveryFeeCents,
    totalCents: subtotalCents + taxCents + tip + deliveryFeeCents,
  };
}
