import { datedHours, specialHoursRows, weekHoursView, type SpecialHoursInput } from "../hours-format";
import { isComingSpecialDate, isWithinDays, todayHours } from "../hours-today";
import { SPECIAL_HOURS_NOTICE_DAYS } from "../../business/constants";
import { DINNER_HOURS, HOLIDAYS } from "./hours-fixtures";

/**
 * The date-dependent lines of an hours block: worked out at build for every date (datedHours), picked
 * in the browser by the visitor's date (hours-today.ts). Picking must give what the full rules give on that date.
 */
const SPECIAL: SpecialHoursInput[] = [
  ...HOLIDAYS,
  { date: "2027-06-01", closed: true },
];

describe("isWithinDays", () => {
  it.each<[string, string, number, boolean]>([
    ["2026-12-25", "2026-12-25", 0, true],
    ["2026-12-26", "2026-12-25", 0, false],
    ["2026-12-24", "2026-12-25", 60, false],
    ["2027-02-23", "2026-12-25", 60, true],
    ["2027-02-24", "2026-12-25", 60, false],
    ["2027-06-01", "2026-12-25", Number.POSITIVE_INFINITY, true],
    ["2026-02-30", "2026-01-01", 365, false],
    ["not a date", "2026-01-01", 365, false],
  ])("%s within %s + %i days: %s", (date, from, days, expected) => {
    expect(isWithinDays(date, from, days)).toBe(expected);
  });

  it("is the window the special-hours list uses", () => {
    expect(specialHoursRows(SPECIAL, "2026-12-25", 7).map((row) => row.date)).toEqual(["2026-12-25", "2026-12-31", "2027-01-01"]);
    expect(SPECIAL.map((entry) => entry.date).filter((date) => isComingSpecialDate(date, "2026-12-26"))).toEqual(["2026-12-31", "2027-01-01", "2027-01-01"]);
    // Five months ahead: past the notice window.
    expect(isComingSpecialDate("2027-06-01", "2026-12-26")).toBe(false);
    expect(SPECIAL_HOURS_NOTICE_DAYS).toBeLessThan(157);
  });
});

describe("todayHours picks from the lines worked out at build what the full rules say for that date", () => {
  const dated = datedHours(DINNER_HOURS, SPECIAL);

  it.each([
    "2026-12-21", // Monday
    "2026-12-22",
    "2026-12-23",
    "2026-12-24",
    "2026-12-25", // special: closed
    "2026-12-26",
    "2026-12-27", // Sunday
    "2026-12-31", // special: evening only
    "2027-01-01", // special: two ranges
    "2027-06-01", // special far ahead: closed
  ])("%s", (date) => {
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const full = weekHoursView(DINNER_HOURS, { weekday, date, specialHours: SPECIAL }).today!;
    const picked = todayHours(dated, date);
    expect(picked).toEqual(full.secondaryLabel ? { text: full.text, note: full.secondaryLabel } : { text: full.text });
  });

  it("has a line per weekday, Monday first, and every special date however far", () => {
    expect(dated.week).toHaveLength(7);
    expect(dated.special.map((line) => line.date)).toEqual(["2026-12-25", "2026-12-31", "2027-01-01", "2027-06-01"]);
    expect(datedHours(DINNER_HOURS, null).special).toEqual([]);
  });
});
