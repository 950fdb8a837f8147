/** Online ordering settings of the whole business. */
import { z } from "zod";
import { DEFAULT_CURRENCY, isCurrencyCode } from "../orders/money";
import { Flag, OptionalText, wholeNumber } from "./fields";
import { expected, record } from "./record";

const CURRENCY_EXPECTATION = 'an ISO 4217 currency code like "USD", "EUR" or "JPY"';

export const OrderingSchema = record("ordering settings", { id: "Ordering", description: "Online ordering for the whole business." }, {
  enabled: Flag.default(false).describe("Whether the site takes orders; at least one location must have orderingEnabled."),
  merchantProduct: OptionalText.describe("Provider product id sent as merchant_product; defaults to the business id."),
  currency: z
    .string(expected(CURRENCY_EXPECTATION))
    .trim()
    .transform((code) => code.toUpperCase())
    .refine(isCurrencyCode, expected(CURRENCY_EXPECTATION))
    .prefault(DEFAULT_CURRENCY)
    .describe('Currency of every price in the file: an ISO 4217 code such as "USD", "EUR", "GBP", "JPY" or "KWD". Prices are written in it with at most its minor digits (two for most, none for JPY, three for KWD).'),
  tipPercentages: z.array(wholeNumber("a whole tip percentage from 0 to 100", 0, 100), expected("a list of tip percentages")).default([15, 18, 20]).describe("Tip choices offered at checkout, in percent."),
  defaultTipPercentage: wholeNumber("a whole tip percentage from 0 to 100", 0, 100).optional().describe("Preselected tip; one of tipPercentages."),
}).transform((v, ctx) => {
  if (v.defaultTipPercentage !== undefined && !v.tipPercentages.includes(v.defaultTipPercentage)) {
    ctx.addIssue({
      code: "custom",
      path: ["defaultTipPercentage"],
      message: `expected one of tipPercentages (${v.tipPercentages.join(", ")})`,
      input: v.defaultTipPercentage,
    });
  }
  return v;
});
