import { canonicalLocale, DEFAULT_LOCALE, formatDateLabel } from "../locale";
import { dailyRows, formatMinuteOfDay, groupedRows } from "../../hours/hours";
import { formatTime } from "../../hours/hours-base";
import { openStatus } from "../../hours/open-status";
import { timeSlots } from "../../hours/time-slots";
import { dateLabel, reservationTimeLabel } from "../../booking/reservations";

/** Intl separates with no-break and narrow no-break spaces; the tables write plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("canonicalLocale (the site's BCP 47 locale)", () => {
  it.each<[unknown, string | null]>([
    ["en-US", "en-US"],
    ["en-gb", "en-GB"],
    ["de-DE", "de-DE"],
    ["FR-fr", "fr-FR"],
    ["ja-JP", "ja-JP"],
    ["  ja-JP  ", "ja-JP"],
    ["pt-BR", "pt-BR"],
    ["en-US-u-hc-h23", "en-US-u-hc-h23"],
    ["en_US", null],
    ["zz-ZZ", null],
    ["english", null],
    ["", null],
    [42, null],
    [null, null],
  ])("%p → %p", (tag, expected) => {
    expect(canonicalLocale(tag)).toBe(expected);
  });

  it("defaults to en-US", () => {
    expect(DEFAULT_LOCALE).toBe("en-US");
  });
});

describe("clock times in each locale: en-US as SPEC §5 writes them, others as Intl does", () => {
  it.each<[string, number, string]>([
    ["en-US", 900, "9:00am"],
    ["en-US", 1730, "5:30pm"],
    ["en-US", 0, "Midnight"],
    ["en-US", 2400, "Midnight"],
    ["en-US", 1200, "12:00pm"],
    ["en-GB", 900, "9:00"],
    ["en-GB", 1730, "17:30"],
    ["en-GB", 0, "0:00"],
    ["de-DE", 1730, "17:30"],
    ["de-DE", 2400, "0:00"],
    ["fr-FR", 930, "9:30"],
    ["fr-FR", 2215, "22:15"],
    ["ja-JP", 900, "9:00"],
    ["ja-JP", 1730, "17:30"],
    ["ja-JP", 0, "0:00"],
    ["en-AU", 1730, "5:30 pm"],
  ])("%s %p → %p", (locale, hhmm, expected) => {
    expect(plain(formatTime(hhmm, locale))).toBe(expected);
    expect(plain(formatMinuteOfDay(Math.floor(hhmm / 100) * 60 + (hhmm % 100), locale))).toBe(expected);
  });

  const hours = [
    { day: 1, open: 900, close: 1730 },
    { day: 2, open: 900, close: 1730 },
    { day: 5, open: 1800, close: 200 },
  ];

  it.each<[string, string, string]>([
    ["en-US", "9:00am – 5:30pm", "6:00pm – 2:00am"],
    ["en-GB", "9:00 – 17:30", "18:00 – 2:00"],
    ["de-DE", "9:00 – 17:30", "18:00 – 2:00"],
    ["ja-JP", "9:00 – 17:30", "18:00 – 2:00"],
  ])("the hours rows in %s read %p and the overnight %p", (locale, weekday, friday) => {
    const rows = dailyRows(hours, { locale });
    expect(rows[0].text).toBe(weekday);
    expect(rows[4].text).toBe(friday);
    expect(rows[6].text).toBe("Closed");
    expect(groupedRows(hours, { locale })[0]).toMatchObject({ label: "Mon – Tue", text: weekday });
  });

  it.each<[string, string]>([
    ["en-US", "5:30pm"],
    ["ja-JP", "17:30"],
    ["de-DE", "17:30"],
  ])("the open status in %s says the close as %p", (locale, closesAt) => {
    // Monday 2026-05-04 12:00 in Tokyo.
    const status = openStatus({ hours, timeZone: "Asia/Tokyo", now: Date.UTC(2026, 4, 4, 3, 0), locale });
    expect(status.status).toBe("open");
    expect(status.closesAt).toBe(closesAt);
  });

  it.each<[string, string[]]>([
    ["en-US", ["9:00am", "9:30am", "10:00am"]],
    ["ja-JP", ["9:00", "9:30", "10:00"]],
    ["fr-FR", ["9:00", "9:30", "10:00"]],
  ])("bookable slots in %s are labelled %p …", (locale, first) => {
    const slots = timeSlots({ hours, timeZone: "Asia/Tokyo", date: "2026-05-11", now: Date.UTC(2026, 4, 1), locale });
    expect(slots.slice(0, 3).map((slot) => slot.label)).toEqual(first);
    expect(slots[slots.length - 1].label).toBe(locale === "en-US" ? "5:00pm" : "17:00");
  });
});

describe("dates in each locale", () => {
  it.each<[string, string, boolean, string]>([
    ["en-US", "2025-03-14", false, "14 March 2025"],
    ["en-US", "2026-11-24", true, "Tuesday 24 November 2026"],
    ["en-GB", "2025-03-14", false, "14 March 2025"],
    ["de-DE", "2025-03-14", false, "14. März 2025"],
    ["de-DE", "2025-03-14", true, "Freitag, 14. März 2025"],
    ["fr-FR", "2025-03-14", false, "14 mars 2025"],
    ["ja-JP", "2025-03-14", false, "2025年3月14日"],
    ["ja-JP", "2025-03-14", true, "2025年3月14日金曜日"],
  ])("%s %s (weekday %p) → %p", (locale, date, weekday, expected) => {
    expect(plain(formatDateLabel(date, locale, { weekday }))).toBe(expected);
  });

  it.each(["2025-02-30", "14/03/2025", "2025-3-14", ""])("refuses %p", (date) => {
    expect(() => formatDateLabel(date)).toThrow(`formatDateLabel: expected a date like 2026-03-08, got ${JSON.stringify(date)}`);
  });

  it.each<[string, string, string]>([
    ["en-US", "Monday 11 May 2026", "Monday 11 May 2026 at 6:30pm"],
    ["ja-JP", "2026年5月11日月曜日", "2026年5月11日月曜日 at 18:30"],
  ])("a booking in %s: %p, %p", (locale, date, time) => {
    expect(dateLabel("2026-05-11", locale)).toBe(date);
    expect(reservationTimeLabel("2026-05-11T18:30:00+09:00", "Asia/Tokyo", locale)).toBe(time);
  });
});
