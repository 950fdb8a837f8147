/** Opening hours: the weekly ranges, dated overrides, and the form structured data writes. */
import { DateTime } from "luxon";
import { z } from "zod";
import { Flag, HHMM_EXPECTATION, HhmmSchema, OptionalText, wholeNumber } from "./fields";
import { expected, record } from "./record";

/** Display form (SPEC §3): HHMM numbers; a missing open or close means Closed that day. */
export const HoursEntrySchema = record("an hours entry", { id: "HoursEntry", description: "One opening range on one day (display form, SPEC \u00a73). Several entries for one day make split hours; a close before the open runs past midnight; an entry without open or close (or no entry for a day) means Closed." }, {
  day: wholeNumber("a day number from 1 (Monday) to 7 (Sunday)", 1, 7).describe("Day of the week: 1 Monday \u2026 7 Sunday."),
  open: HhmmSchema.nullable().optional().describe("Opening time in HHMM (900 = 9:00am); null or absent = Closed."),
  close: HhmmSchema.nullable().optional().describe("Closing time in HHMM (1730 = 5:30pm, 2400 = midnight); earlier than open = the next day."),
  label: OptionalText.describe("Optional secondary label shown with the range, e.g. \"Walk-ins only\"."),
}).transform((v) => ({ day: v.day, open: v.open ?? null, close: v.close ?? null, label: v.label || undefined }));

const CALENDAR_DATE_EXPECTATION = 'a date like "2026-12-25"';

export const CalendarDateSchema = z
  .string(expected(CALENDAR_DATE_EXPECTATION))
  .regex(/^\d{4}-\d{2}-\d{2}$/, { ...expected(CALENDAR_DATE_EXPECTATION), abort: true })
  .refine((value) => DateTime.fromISO(value, { zone: "UTC" }).isValid, expected(`a real date like "2026-12-25"`));

/** A dated override of the weekly hours: closed all day, or one opening range of that date. */
export const SpecialHoursEntrySchema = record("a special hours entry", { id: "SpecialHoursEntry", description: "Hours for one date that replace the weekly hours of that date, in the location's time zone: a holiday closure (closed: true) or changed hours (open and close; several entries for one date make split hours). They replace the ranges that start on the date: the night before's range past midnight still runs into it." }, {
  date: CalendarDateSchema.describe("The date, YYYY-MM-DD, in the location's time zone."),
  closed: Flag.default(false).describe("true: closed all day (give no open or close)."),
  open: HhmmSchema.nullable().optional().describe("Opening time in HHMM; required unless closed."),
  close: HhmmSchema.nullable().optional().describe("Closing time in HHMM (2400 = midnight); earlier than open = the next day. Required unless closed."),
  label: OptionalText.describe('Why the hours differ, shown with them, e.g. "Christmas Day".'),
}).transform((v, ctx) => {
  if (v.closed) {
    for (const key of ["open", "close"] as const) {
      if (v[key] !== undefined && v[key] !== null) {
        ctx.addIssue({ code: "custom", path: [key], message: "expected no opening time on a closed date (closed: true)", input: v[key] });
      }
    }
  } else {
    for (const key of ["open", "close"] as const) {
      if (v[key] === undefined || v[key] === null) {
        ctx.addIssue({ code: "custom", path: [key], message: `expected ${HHMM_EXPECTATION}, or closed: true for a closure`, input: v[key] });
      }
    }
  }
  return { date: v.date, closed: v.closed, open: v.closed ? null : (v.open ?? null), close: v.closed ? null : (v.close ?? null), label: v.label || undefined };
});
