/** The people on the team, and what the appointment book needs of them: services, places, hours, time off. */
import { z } from "zod";
import { Flag, HhmmSchema, Id, idFields, ImageRefSchema, OptionalText, text, wholeNumber } from "./fields";
import { CalendarDateSchema } from "./hours";
import { expected, pickId, record, remember } from "./record";

export const WorkingHoursEntrySchema = record("a working hours entry", {
  id: "WorkingHoursEntry",
  description:
    "One range a team member works on one weekday at one location, in that location's time zone. Several entries for one day make a split shift. A shift ends by midnight (2400): it cannot run into the next day.",
}, {
  location: Id.describe("Id of the location (one of the member's locations) the range is worked at."),
  day: wholeNumber("a day number from 1 (Monday) to 7 (Sunday)", 1, 7).describe("Day of the week: 1 Monday \u2026 7 Sunday."),
  open: HhmmSchema.describe("Start in HHMM (900 = 9:00am)."),
  close: HhmmSchema.describe("End in HHMM (1730 = 5:30pm, 2400 = midnight); after the start."),
}).transform((v, ctx) => {
  if (v.close <= v.open) {
    ctx.addIssue({ code: "custom", path: ["close"], message: `expected a time after the start (${v.open}); a working range ends by 2400`, input: v.close });
  }
  return { locationId: v.location, day: v.day, open: v.open, close: v.close };
});

const TimeOffRangeSchema = record("a time-off range", {
  id: "TimeOffRange",
  description: "Whole days a team member is away, from one date to another (both included), in each location's time zone.",
}, {
  from: CalendarDateSchema.describe("First day away, YYYY-MM-DD."),
  to: CalendarDateSchema.optional().describe("Last day away, YYYY-MM-DD (the same as from, or later); absent: only the from date."),
  label: OptionalText.describe('Why, for the owner, e.g. "Holiday". Never shown to visitors.'),
});

const TIME_OFF_EXPECTATION = 'a date like "2026-12-24" or a range like { "from": "2026-12-24", "to": "2026-12-31" }';

export const TimeOffSchema = z
  .union([CalendarDateSchema, TimeOffRangeSchema], expected(TIME_OFF_EXPECTATION))
  .transform((v) => (typeof v === "string" ? { from: v, to: v, label: undefined } : { from: v.from, to: v.to ?? v.from, label: v.label || undefined }))
  .describe("A day away (\"2026-12-24\") or days away ({ from, to }).");

export const TeamMemberSchema = record("a team member", { id: "TeamMember", description: "A person on the team (SPEC \u00a73 team member), and when they can be booked." }, {
  ...idFields,
  name: text("a name as non-empty text").describe("Full name; also the source of the member's page slug."),
  show: Flag.default(true).describe("Hidden members (false) get no page, are not listed and cannot be booked."),
  role: OptionalText.describe("Job title, e.g. \"Senior Stylist\"."),
  bio: OptionalText.describe("Short biography."),
  image: ImageRefSchema.optional().describe("Optional portrait."),
  specialties: z.array(text("a specialty as non-empty text"), expected("a list of specialties")).prefault([]).describe("What the member is known for."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order (ties keep file order)."),
  services: z
    .array(Id, expected("a list of menu item or category ids"))
    .prefault([])
    .describe("What the member can be booked for: ids of menu items, or of categories (every item in them). Empty: not bookable."),
  locations: z
    .array(Id, expected("a list of location ids"))
    .prefault([])
    .describe("Ids of the locations the member works at. Empty: every location."),
  hours: z
    .array(WorkingHoursEntrySchema, expected("a list of working hours entries"))
    .prefault([])
    .describe("When the member works, per weekday and location (see WorkingHoursEntry). Empty: whenever their locations are open. Either way only inside the location's hours and special hours."),
  timeOff: z.array(TimeOffSchema, expected("a list of dates or date ranges")).prefault([]).describe("Whole days the member is away: dates or { from, to } ranges."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  v.timeOff.forEach((entry, index) => {
    if (entry.to < entry.from) {
      ctx.addIssue({ code: "custom", path: ["timeOff", index, "to"], message: `expected a date on or after "from" (${entry.from})`, input: entry.to });
    }
  });
  return remember(
    {
      id,
      name: v.name,
      show: v.show,
      role: v.role || undefined,
      bio: v.bio || undefined,
      image: v.image,
      specialties: v.specialties,
      order: v.order,
      serviceIds: v.services,
      locationIds: v.locations,
      hours: v.hours,
      timeOff: v.timeOff,
    },
    { id: key },
  );
});
export type TeamMember = z.output<typeof TeamMemberSchema>;
