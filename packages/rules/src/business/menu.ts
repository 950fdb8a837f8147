/** The menu: categories, items with priced variations, and the modifier sets and modifiers items use. */
import { z } from "zod";
import { Flag, Id, idFields, ImageRefSchema, OptionalText, PriceSchema, text, wholeNumber } from "./fields";
import { InteractionSchema } from "./interactions";
import { expected, pickId, record, remember } from "./record";

export const VariationSchema = record("a variation", { id: "Variation", description: "A priced version of a menu item (size, stylist level, duration)." }, {
  ...idFields,
  name: z.string(expected("a variation name as text")).trim().default("").describe("Name of the variation; may be empty when an item has one price."),
  price: PriceSchema.describe("Price in the business's currency as a number (12.5) or text (\"12.50\", \"$12.50\"), with at most the currency's minor digits (two for USD, none for JPY); stored as integer minor units (cents)."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order among the item's variations (ties keep file order)."),
  priceDisplay: OptionalText.describe('Text shown instead of the computed price, e.g. "from $45".'),
  available: Flag.default(true).describe("false: this variation is sold out and cannot be ordered (the item and its other variations stay orderable)."),
  durationMinutes: wholeNumber("a length in whole minutes from 5 to 720", 5, 720)
    .optional()
    .describe("How long the service takes, in minutes. A variation with a length can be booked as an appointment where a location takes them."),
  bufferMinutes: wholeNumber("whole minutes from 0 to 240", 0, 240)
    .default(0)
    .describe("Minutes after the service the person stays busy (clean-up, a room turned over); not part of the visitor's appointment, and it may run past closing time."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (v.bufferMinutes > 0 && v.durationMinutes === undefined) {
    ctx.addIssue({ code: "custom", path: ["bufferMinutes"], message: "expected a durationMinutes with it (a buffer follows a service of known length)", input: v.bufferMinutes });
  }
  return remember(
    {
      id,
      name: v.name,
      price: v.price,
      order: v.order,
      priceDisplay: v.priceDisplay || undefined,
      available: v.available,
      durationMinutes: v.durationMinutes,
      bufferMinutes: v.bufferMinutes,
    },
    { id: key },
  );
});

export const ModifierSchema = record("a modifier", { id: "Modifier", description: "An option that can be added to an item (a topping, gift wrap)." }, {
  ...idFields,
  name: text("a modifier name as non-empty text").describe("Name shown to the visitor."),
  price: PriceSchema.prefault(0).describe("Extra price in the business's currency, as a number or text; stored in minor units."),
  available: Flag.default(true).describe("false shows it as unavailable."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember({ id, name: v.name, price: v.price, available: v.available }, { id: key });
});

export const ModifierSetSchema = record("a modifier set", { id: "ModifierSet", description: "A group of modifiers with selection limits." }, {
  ...idFields,
  name: text("a modifier set name as non-empty text").describe("Name shown to the visitor."),
  description: OptionalText.describe("Optional help text."),
  modifiers: z.array(Id, expected("a list of modifier ids")).min(1, expected("at least one modifier id")).describe("Ids of entries in menu.modifiers."),
  minAllowed: wholeNumber("a whole number of at least 0", 0).default(0).describe("Fewest modifiers a visitor must choose (1 or more makes the set required)."),
  maxAllowed: wholeNumber("a whole number of at least 1, or null for no limit", 1).nullable().default(null).describe("Most modifiers a visitor may choose; null means no limit."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (v.maxAllowed !== null && v.minAllowed > v.maxAllowed) {
    ctx.addIssue({ code: "custom", path: ["minAllowed"], message: `expected at most maxAllowed (${v.maxAllowed})`, input: v.minAllowed });
  }
  if (v.minAllowed > v.modifiers.length) {
    ctx.addIssue({ code: "custom", path: ["minAllowed"], message: `expected at most the number of modifiers in the set (${v.modifiers.length})`, input: v.minAllowed });
  }
  return remember(
    { id, name: v.name, description: v.description || undefined, modifierIds: v.modifiers, minAllowed: v.minAllowed, maxAllowed: v.maxAllowed },
    { id: key },
  );
});
export type ModifierSet = z.output<typeof ModifierSetSchema>;

export const MenuItemSchema = record("a menu item", { id: "MenuItem", description: "A service, dish or product (SPEC \u00a73 menu item)." }, {
  ...idFields,
  name: text("an item name as non-empty text").describe("Name; also the source of its page slug."),
  description: OptionalText.describe("Description shown on the item page."),
  image: ImageRefSchema.optional().describe("Optional picture."),
  variations: z.array(VariationSchema, expected("a list of variations")).min(1, expected("at least one variation with a price")).describe("Priced versions; at least one."),
  modifierSets: z.array(Id, expected("a list of modifier set ids")).prefault([]).describe("Ids of entries in menu.modifierSets that apply to this item."),
  available: Flag.default(true).describe("false: the whole item is sold out and cannot be ordered; it keeps its page. See Variation.available for one size."),
  visible: Flag.default(true).describe("false hides the item: no page, not listed."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order within lists (ties keep file order)."),
  interactions: z.array(InteractionSchema, expected("a list of interactions")).prefault([]).describe("Buttons and links, e.g. a BOOKING button."),
  annotations: record("item annotations", { id: "ItemAnnotations", description: "Counters kept by the provider for an item." }, { likeCount: wholeNumber("a whole number of at least 0", 0).default(0).describe("How many visitors liked the item.") }).optional().describe("Counters kept by the provider."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    {
      id,
      name: v.name,
      description: v.description || undefined,
      image: v.image,
      variations: v.variations,
      modifierSetIds: v.modifierSets,
      available: v.available,
      visible: v.visible,
      order: v.order,
      interactions: v.interactions,
      likeCount: v.annotations?.likeCount ?? 0,
    },
    { id: key },
  );
});

export const MenuCategorySchema = record("a menu category", { id: "MenuCategory", description: "A service category or menu section (SPEC \u00a73 menu category)." }, {
  ...idFields,
  name: text("a category name as non-empty text").describe("Name; also the source of its page slug (equal names get -2, -3 by position)."),
  description: OptionalText.describe("Description shown on the category page."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order (ties keep file order); the first category containing an item is that item's canonical one."),
  schedule: record("a category schedule", { id: "CategorySchedule", description: "The menu or schedule a category belongs to." }, { name: text("a schedule name").describe("Schedule name, e.g. \"Dinner\"."), order: z.number(expected("a sort order number")).default(0).describe("Sort order of the schedule.") }).optional().describe("Optional menu or schedule the category belongs to, e.g. Dinner."),
  items: z.array(Id, expected("a list of item ids from menu.items")).prefault([]).describe("Ids of entries in menu.items, in display order."),
  interactions: z.array(InteractionSchema, expected("a list of interactions")).prefault([]).describe("Buttons and links for the whole category."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    { id, name: v.name, description: v.description || undefined, order: v.order, itemIds: v.items, schedule: v.schedule, interactions: v.interactions },
    { id: key },
  );
});
export type MenuCategory = z.output<typeof MenuCategorySchema>;

export const MenuSchema = record("the menu", { id: "Menu", description: "Service categories, items and their options. Records refer to each other by id." }, {
  categories: z.array(MenuCategorySchema, expected("a list of menu categories")).prefault([]).describe("Categories or menu sections."),
  items: z.array(MenuItemSchema, expected("a list of menu items")).prefault([]).describe("Services, dishes or products."),
  modifierSets: z.array(ModifierSetSchema, expected("a list of modifier sets")).prefault([]).describe("Option groups used by items."),
  modifiers: z.array(ModifierSchema, expected("a list of modifiers")).prefault([]).describe("Options used by modifier sets."),
});
