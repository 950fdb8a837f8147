import { soldOutUntil, soldOutUntilText, type SoldOutChoice } from "../availability";
import { NY, ny } from "../../hours/__tests__/hours-fixtures";

describe("sold out until", () => {
  it.each<[string, SoldOutChoice, number, string, string | null]>([
    ["today, in the evening: the next midnight", "today", ny("2026-11-24T18:00"), NY, "2026-11-25T00:00:00.000-05:00"],
    ["today, just after midnight: the end of this day", "today", ny("2026-11-25T00:05"), NY, "2026-11-26T00:00:00.000-05:00"],
    ["today, at 11:59pm", "today", ny("2026-11-24T23:59"), NY, "2026-11-25T00:00:00.000-05:00"],
    ["today, on the day clocks go back: 25 hours long", "today", ny("2026-11-01T00:30"), NY, "2026-11-02T00:00:00.000-05:00"],
    ["today, on the day clocks go forward", "today", ny("2026-03-08T12:00"), NY, "2026-03-09T00:00:00.000-04:00"],
    ["today, in the location's zone, not UTC's", "today", Date.parse("2026-11-25T03:00:00Z"), NY, "2026-11-25T00:00:00.000-05:00"],
    ["today in Tokyo", "today", Date.parse("2026-11-24T20:00:00Z"), "Asia/Tokyo", "2026-11-26T00:00:00.000+09:00"],
    ["indefinitely: no end", "indefinitely", ny("2026-11-24T18:00"), NY, null],
  ])("%s", (_name, choice, now, zone, expected) => {
    const until = soldOutUntil(choice, now, zone);
    expect(until === null ? null : soldOutUntilText(until, zone)).toBe(expected);
  });

  it("writes no end as indefinitely", () => {
    expect(soldOutUntilText(null, NY)).toBe("indefinitely");
  });
});
