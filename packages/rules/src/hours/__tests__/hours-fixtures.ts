import { DateTime } from "luxon";
import type { HoursInput } from "../hours";
import type { SpecialHoursInput } from "../hours-format";

/** Shared by the special-hours and ready-times tables: a New York restaurant's week. */
export const NY = "America/New_York";

/** A New York wall-clock time (`2026-11-24T18:00`) as epoch ms. */
export const ny = (local: string) => DateTime.fromISO(local, { zone: NY }).toMillis();

/** Tue–Thu 5–10pm, Fri and Sat 5pm–1am (past midnight); closed Sunday and Monday. */
export const DINNER_HOURS: HoursInput[] = [
  { day: 2, open: 1700, close: 2200 },
  { day: 3, open: 1700, close: 2200 },
  { day: 4, open: 1700, close: 2200 },
  { day: 5, open: 1700, close: 100 },
  { day: 6, open: 1700, close: 100 },
];

/** Dinner as above, plus brunch 11:30am–2:30pm on Saturday and Sunday and dinner 5–9pm on Sunday. */
export const WEEK_HOURS: HoursInput[] = [
  ...DINNER_HOURS,
  { day: 6, open: 1130, close: 1430 },
  { day: 7, open: 1130, close: 1430 },
  { day: 7, open: 1700, close: 2100 },
];

/** The year-end holidays: closed for Christmas, short hours on New Year's Eve, and a split New Year's Day. */
export const HOLIDAYS: SpecialHoursInput[] = [
  { date: "2026-12-25", closed: true, label: "Christmas Day" },
  { date: "2026-12-31", open: 1600, close: 2000, label: "New Year's Eve" },
  { date: "2027-01-01", open: 1200, close: 1500, label: "New Year's Day" },
  { date: "2027-01-01", open: 1800, close: 2100, label: "New Year's Day" },
];
