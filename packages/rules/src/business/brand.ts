/** Business-wide presentation: social links, domains, brand identity and the announcement banner. */
import { DateTime } from "luxon";
import { z } from "zod";
import { Flag, isoDateTime, OptionalText, text, TimeZoneSchema, WebUrlSchema, wholeNumber } from "./fields";
import { SOCIAL_TYPES } from "./choices";
import { expected, fieldList, record } from "./record";

const HEX_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export { SOCIAL_TYPES };

export const SocialLinkSchema = record("a social link", { id: "SocialLink", description: "A link to the business on a social network." }, {
  link: WebUrlSchema.describe("Profile address; https:// is added when missing."),
  type: z.enum(SOCIAL_TYPES, expected(`one of ${fieldList(SOCIAL_TYPES)}`)).describe("Which network; picks the icon."),
  label: OptionalText.describe("Accessible label; defaults to the network name."),
}).transform((v) => ({ link: v.link, type: v.type, label: v.label || undefined }));

export const DomainSchema = record("a domain", { id: "Domain", description: "A web address of the site." }, {
  url: WebUrlSchema.describe("Address; https:// is added when missing."),
  primaryDomain: Flag.default(false).describe("Marks the canonical address; at most one."),
});
export type Domain = z.output<typeof DomainSchema>;

const hexColour = z.string(expected('a hex colour like "#b4235a"')).regex(HEX_COLOUR_PATTERN, expected('a hex colour like "#b4235a"'));

export const BrandIdentitySchema = record("the brand identity", { id: "BrandIdentity", description: "Colours, type and tagline of the business's brand." }, {
  primaryColor: hexColour.optional().describe("Main brand colour, hex like \"#b4235a\"."),
  secondaryColor: hexColour.optional().describe("Secondary colour, hex."),
  accentColor: hexColour.optional().describe("Accent colour, hex."),
  fontFamily: OptionalText.describe("Preferred heading font."),
  tagline: OptionalText.describe("Short brand line shown in the footer."),
});

export const DISMISSAL_TYPES = ["session", "local_storage", "disabled"] as const;

const LOCAL_TIME_EXPECTATION = 'a date-time like "2025-06-01T09:00" (read in the settings\' timezone)';

export const TimedElementSettingsSchema = record("timed-element settings", { id: "TimedElementSettings", description: "When a timed element (the announcement) shows and how it is dismissed (SPEC \u00a74)." }, {
  delay: wholeNumber("a delay in milliseconds, 0 or more", 0).default(0).describe("Milliseconds after page load before it shows."),
  startTime: isoDateTime(LOCAL_TIME_EXPECTATION).optional().describe("Not shown before this local date-time (in timezone)."),
  endTime: isoDateTime(LOCAL_TIME_EXPECTATION).optional().describe("Not shown after this local date-time (in timezone)."),
  timezone: TimeZoneSchema.default("UTC").describe("IANA time zone for startTime and endTime."),
  duration: wholeNumber("a duration in milliseconds, at least 1", 1).optional().describe("Milliseconds it stays visible; absent = until dismissed."),
  dismissalType: z.enum(DISMISSAL_TYPES, expected(`one of ${fieldList(DISMISSAL_TYPES)}`)).default("session").describe("Where a dismissal is remembered: session storage, local storage, or not at all (disabled)."),
  referenceId: text("a reference id as non-empty text (change it to show a dismissed element again)").describe("Storage key of the dismissal; change it to show a dismissed element again."),
}).transform((v, ctx) => {
  if (v.startTime && v.endTime) {
    const start = DateTime.fromISO(v.startTime, { zone: v.timezone });
    const end = DateTime.fromISO(v.endTime, { zone: v.timezone });
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: `expected a time after startTime (${v.startTime})`, input: v.endTime });
    }
  }
  return v;
});

export const AnnouncementSchema = record("the announcement", { id: "Announcement", description: "The announcement banner above the navigation." }, {
  title: OptionalText.describe("Optional heading."),
  text: text("announcement text as non-empty text").describe("The message."),
  link: record("an announcement link", { id: "AnnouncementLink", description: "The link in the announcement." }, { url: WebUrlSchema.describe("Target; https:// is added when missing; site paths like /menu/ are kept."), label: text("a link label").describe("Link text.") }).optional().describe("Optional link."),
  settings: TimedElementSettingsSchema.describe("When it shows and how it is dismissed."),
});
export type Announcement = z.output<typeof AnnouncementSchema>;
