/** Buttons and links attached to menu categories and items. */
import { z } from "zod";
import { Flag, idFields, OptionalText, text, WebUrlSchema } from "./fields";
import { expected, fieldList, pickId, record, remember } from "./record";

export const INTERACTION_BEHAVIORS = ["BOOKING", "EXTERNAL_LINK", "INTERNAL_LINK", "EMAIL", "PHONE", "ORDER"] as const;

export const InteractionSchema = record("an interaction", { id: "Interaction", description: "A button or link attached to a category or item, e.g. the BOOKING call to action." }, {
  ...idFields,
  label: text("a button or link label as non-empty text").describe("Text of the button or link."),
  behaviorType: z.enum(INTERACTION_BEHAVIORS, expected(`one of ${fieldList(INTERACTION_BEHAVIORS)}`)).describe("What it does. BOOKING opens the booking link."),
  displayType: z.enum(["BUTTON", "LINK"], expected('"BUTTON" or "LINK"')).default("BUTTON").describe("Shown as a button or a link."),
  url: WebUrlSchema.optional().describe("Target. BOOKING interactions without a url use the business bookingUrl."),
  enabled: Flag.default(true).describe("false hides it without deleting it."),
  style: OptionalText.describe("Optional style name, e.g. \"primary\"."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (!v.url && v.behaviorType !== "BOOKING") {
    ctx.addIssue({ code: "custom", path: ["url"], message: `expected a url for a ${v.behaviorType} interaction`, input: undefined });
  }
  return remember(
    { id, label: v.label, behaviorType: v.behaviorType, displayType: v.displayType, url: v.url, enabled: v.enabled, style: v.style || undefined },
    { id: key },
  );
});
export type Interaction = z.output<typeof InteractionSchema>;
