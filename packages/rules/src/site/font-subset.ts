import type { Business } from "../business/schema";

/**
 * Which characters a site's web fonts carry. A recipe font's latin file holds some 220 characters over the
 * whole weight axis (about 37 KB each); the site shows far fewer. Each font is cut at build time to what the
 * site can print: every printable ASCII character (what a visitor types in a form, e-mail addresses, URLs),
 * the spaces `Intl` writes, every character of the business's data, every character the business's locale
 * writes in dates, times, time-zone names and prices, and the characters of the interface's own labels. A
 * character outside the cut (a visitor's name typed with a letter the business never uses) is drawn by the
 * face's metric-matched local fallback, because the face's `unicode-range` names exactly what it carries.
 */

/** Inclusive code point ranges, as a font face's `unicode-range` lists them. */
export type CodePointRanges = ReadonlyArray<readonly [number, number]>;

/** `U+0000-00FF,U+0131,U+2000-206F` → [[0, 255], [305, 305], [8192, 8303]]. Throws on anything else. */
export function parseUnicodeRange(range: string): Array<[number, number]> {
  return range.split(",").map((part) => {
    const match = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!match) throw new Error(`unicode-range: expected U+hex or U+hex-hex, got ${JSON.stringify(part.trim())}`);
    const first = Number.parseInt(match[1], 16);
    const last = match[2] === undefined ? first : Number.parseInt(match[2], 16);
    if (last < first) throw new Error(`unicode-range: ${part.trim()} ends before it starts`);
    return [first, last];
  });
}

/** Sorted code points → the shortest `unicode-range` naming exactly them (runs joined). */
export function formatUnicodeRange(codePoints: readonly number[]): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  const runs: Array<[number, number]> = [];
  for (const codePoint of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  if (runs.length === 0) throw new Error("unicode-range: no code points");
  return runs.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(",");
}

/** Printable ASCII and the spaces `Intl` puts in numbers and times (no-break, narrow no-break, thin). */
const ALWAYS = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\u00a0\u202f\u2009";

/** The code points a font is cut to: `ALWAYS` and every character of `texts`, within the font's own ranges. */
export function subsetCodePoints(texts: Iterable<string>, fontRanges: CodePointRanges): number[] {
  const inFont = (codePoint: number) => fontRanges.some(([first, last]) => codePoint >= first && codePoint <= last);
  const codePoints = new Set<number>();
  for (const text of [ALWAYS, ...texts]) {
    for (const character of text) {
      const codePoint = character.codePointAt(0) as number;
      if (inFont(codePoint)) codePoints.add(codePoint);
    }
  }
  return [...codePoints].sort((a, b) => a - b);
}

/** Every string in a JSON-like value (the published business: names, descriptions, items, hours notes…). */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) value.forEach((entry) => strings(entry, into));
  else if (value && typeof value === "object") Object.values(value).forEach((entry) => strings(entry, into));
  return into;
}

/**
 * What the business's locale writes for it: each month and weekday, long and short, morning and evening
 * times, its time zones' names, and prices in its currency. One date per month of a year starting on a
 * Monday covers every weekday too.
 */
function localeTexts(business: Business): string[] {
  const locale = business.locale;
  const texts: string[] = [];
  const dateFormats = [
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "full" }),
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }),
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", hour: "numeric", minute: "2-digit" }),
  ];
  for (let month = 0; month < 12; month += 1) {
    for (const day of [1, 2, 3, 4, 5, 6, 7]) {
      const date = new Date(Date.UTC(2024, month, day, month < 6 ? 9 : 21, 30));
      for (const format of dateFormats) texts.push(format.format(date));
    }
  }
  const zones = new Set(business.locations.map((location) => location.timezone));
  for (const timeZone of zones) {
    for (const timeZoneName of ["long", "short"] as const) {
      for (const month of [0, 6]) texts.push(new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).format(new Date(Date.UTC(2024, month, 15))));
    }
  }
  const currency = business.ordering?.currency;
  texts.push(new Intl.NumberFormat(locale).format(-1234567.89));
  if (currency) texts.push(new Intl.NumberFormat(locale, { style: "currency", currency }).format(-1234.56));
  return texts;
}

/** The business's own characters: its data and what its locale writes. */
export function businessTexts(business: Business): string[] {
  return [...strings(business), ...localeTexts(business)];
}
