/**
 * Order tip attributes (SPEC §5 Tip, §7 `PUT orders/{id}/attributes/`).
 * Amounts are integer cents; percentages are numbers like 15 or 17.5.
 */

export type TipInput = {
  /** Tip amount in integer cents. */
  tip?: number | null;
  tipPercentage?: number | null;
  instructions?: string | null;
};

export type TipAttributes = { tip: number; instructions: string } | { tip_percentage: number; instructions: string };

const MAX_TIP_PERCENTAGE = 100;

function isGiven(value: number | null | undefined): value is number {
  return typeof value === "number" && !Number.isNaN(value);
}

/**
 * An amount, when given, wins; else a percentage; else `tip_percentage: 0`. Instructions are always sent,
 * as an empty string when blank.
 */
export function tipAttributes(input: TipInput): TipAttributes {
  const instructions = (input.instructions ?? "").trim();
  if (isGiven(input.tip)) {
    if (!Number.isSafeInteger(input.tip) || input.tip < 0) {
      throw new RangeError(`tip: expected a whole number of cents >= 0, got ${String(input.tip)}`);
    }
    return { tip: input.tip, instructions };
  }
  if (isGiven(input.tipPercentage)) {
    const pct = input.tipPercentage;
    if (!Number.isFinite(pct) || pct < 0 || pct > MAX_TIP_PERCENTAGE) {
      throw new RangeError(`tipPercentage: expected a percentage from 0 to ${MAX_TIP_PERCENTAGE}, got ${String(pct)}`);
    }
    return { tip_percentage: pct, instructions };
  }
  return { tip_percentage: 0, instructions };
}

/**
 * Cents of `numerator / denominator`, rounded half up, for non-negative integers; exact integer arithmetic
 * so 0.5 cents never turns into 0.4999….
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The tip in cents for a subtotal: the amount itself, or round-half-up(subtotal × pct / 100).
 * Percentages are taken to hundredths of a percent (17.25 is exact).
 */
export function tipCents(subtotalCents: number, attrs: TipAttributes): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`tipCents: subtotalCents: expected a whole number of cents >= 0, got ${String(subtotalCents)}`);
  }
  if ("tip" in attrs) return attrs.tip;
  const hundredthsOfPercent = Math.round(attrs.tip_percentage * 100);
  return divideRoundHalfUp(subtotalCents * hundredthsOfPercent, 10_000);
}
