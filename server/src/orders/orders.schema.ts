import { z } from "zod";
import { countryCode, email, id, ignoredPrice, offsetInstant, optionalText, text, uuid } from "../http/common.schema";

/**
 * Order payloads of SPEC §7. A line item mirrors the site's cart line (SPEC §3: selected variation,
 * selected modifiers, special instructions, quantity) in snake_case; the names and prices a cart
 * carries for display are accepted and ignored, since every price is taken from the catalog.
 */

export const SelectedVariation = z.strictObject({
  id,
  menu_item: id,
  name: z.string().max(200).optional(),
  order: z.number().optional(),
  price: ignoredPrice,
});

export const SelectedModifier = z.strictObject({
  id,
  modifier_set_id: id.optional(),
  name: z.string().max(200).optional(),
  price: ignoredPrice,
});

export const LineItemInput = z.strictObject({
  selected_variation: SelectedVariation,
  selected_modifiers: z.array(SelectedModifier).max(30, "expected at most 30 modifiers").default([]),
  special_instructions: optionalText(500).default(""),
  quantity: z.number().int("expected a whole number").min(1, "expected at least 1").max(99, "expected at most 99"),
  /** Line totals a client may have computed; ignored. */
  price: ignoredPrice,
  total: ignoredPrice,
});
export type LineItemInput = z.output<typeof LineItemInput>;

export const CreateOrderBody = z.strictObject({
  merchant_product: id,
  merchant_location: id,
  line_items: z.array(LineItemInput).max(50, "expected at most 50 line items").default([]),
});
export type CreateOrderBody = z.output<typeof CreateOrderBody>;

export const CustomerBody = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  email,
  phone: text(40),
});
export type CustomerBody = z.output<typeof CustomerBody>;

export const RecipientBody = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  street_address: text(200),
  extended_address: optionalText(200).default(""),
  locality: text(100),
  administrative_area_level_1: optionalText(100).default(""),
  postal_code: text(20),
  country: countryCode,
});
export type RecipientBody = z.output<typeof RecipientBody>;

const FulfillmentMethod = z.enum(["pickup", "delivery"], { message: 'expected "pickup" or "delivery"' });

export const FulfillmentBody = z.strictObject({
  method: FulfillmentMethod,
  /** When the order should be ready (delivery: leave the kitchen); absent or null: as soon as possible. */
  scheduled_for: offsetInstant.nullable().optional(),
});
export type FulfillmentBody = z.output<typeof FulfillmentBody>;

export const AttributesBody = z
  .strictObject({
    /** Tip amount in integer cents. */
    tip: z.number().int("expected a whole number of cents").min(0, "expected 0 or more cents").max(1_000_000, "expected at most 1000000 cents").nullable().optional(),
    tip_percentage: z.number().min(0, "expected a percentage from 0 to 100").max(100, "expected a percentage from 0 to 100").nullable().optional(),
    instructions: optionalText(1000).nullable().optional(),
  });
export type AttributesBody = z.output<typeof AttributesBody>;

export const PaymentSourceBody = z.strictObject({
  token: text(500),
  provider_id: text(50),
  default: z.boolean().default(false),
});
export type PaymentSourceBody = z.output<typeof PaymentSourceBody>;

export const AddItemBody = z.strictObject({
  line_items: z.array(LineItemInput).length(1, "expected exactly one line item"),
});

export const UpdateItemBody = z
  .strictObject({
    selected_variation: SelectedVariation.optional(),
    selected_modifiers: z.array(SelectedModifier).max(30, "expected at most 30 modifiers").optional(),
    special_instructions: optionalText(500).optional(),
    quantity: z.number().int("expected a whole number").min(1, "expected at least 1").max(99, "expected at most 99").optional(),
    price: ignoredPrice,
    total: ignoredPrice,
  })
  .refine(
    (body) => body.selected_variation !== undefined || body.selected_modifiers !== undefined || body.special_instructions !== undefined || body.quantity !== undefined,
    "expected at least one of selected_variation, selected_modifiers, special_instructions, quantity",
  );
export type UpdateItemBody = z.output<typeof UpdateItemBody>;

export const AdjustmentsBody = z.strictObject({
  adjustments: z
    .array(z.strictObject({ id: uuid }))
    .min(1, "expected at least one adjustment to accept")
    .max(100, "expected at most 100 adjustments"),
});
export type AdjustmentsBody = z.output<typeof AdjustmentsBody>;

export const FulfillmentSlotsQuery = z.strictObject({
  /** Default: the order's fulfillment method, else pickup. */
  method: FulfillmentMethod.optional(),
});
