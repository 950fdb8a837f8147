/**
 * Promised ready times as a visitor reads them, on the location's wall clock: the luxon-free half of
 * ready-times.ts (which re-exports it), so the checkout and the order confirmation can say "Ready for
 * pickup today at 6:30pm" without loading luxon. The zone arithmetic goes through wall-clock.ts (Intl).
 */
import { DEFAULT_LOCALE } from "../business/constants";
import { dateAfter } from "../hours/calendar-date";
import { shortDateLabel } from "../hours/short-date";
import { formatMinuteOfDay } from "../hours/hours-base";
import { formatDateLabel } from "../business/locale";
import { parseOffsetTime, wallClock, zoneNameAt } from "../hours/wall-clock";
import type { OrderView } from "../api/order-api";

/** `today at 6:30pm`, `tomorrow at 6:30pm`, or `Fri 27 Nov at 6:30pm`, on the location's wall clock (the time in the site's locale). */
export function readyTimeLabel(instant: number | string, timeZone: string, now: Date | number, locale: string = DEFAULT_LOCALE): string {
  const at = typeof instant === "string" ? parseOffsetTime(instant, "readyTimeLabel") : instant;
  const local = wallClock(at, timeZone);
  const time = formatMinuteOfDay(local.minuteOfDay, locale);
  const today = wallClock(now, timeZone).date;
  if (local.date === today) return `today at ${time}`;
  if (local.date === dateAfter(today, 1)) return `tomorrow at ${time}`;
  return `${shortDateLabel(local.date)} at ${time}`;
}

/**
 * The promise as a sentence, on the location's wall clock: `Ready for pickup today at 6:30pm`,
 * `Delivery today between 6:30pm and 7:00pm`. Without `now` (a mail, or a page read later) the date is
 * written out: `Ready for pickup on Friday 27 November 2026 at 6:30pm (EST)`.
 */
export function promiseText(input: {
  method: "pickup" | "delivery";
  readyAt: string;
  until?: string | null;
  timeZone: string;
  now?: Date | number;
  /** The site's locale: how the date and the clock times are written (default en-US, SPEC §5's forms). */
  locale?: string;
}): string {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const ready = parseOffsetTime(input.readyAt, "promiseText: readyAt");
  const until = input.until ? parseOffsetTime(input.until, "promiseText: until") : null;
  const local = wallClock(ready, input.timeZone);
  const clock = (at: number) => formatMinuteOfDay(wallClock(at, input.timeZone).minuteOfDay, locale);
  const when =
    input.now === undefined
      ? `on ${formatDateLabel(local.date, locale, { weekday: true })} at ${clock(ready)} (${zoneNameAt(ready, input.timeZone)})`
      : readyTimeLabel(ready, input.timeZone, input.now, locale);
  if (input.method === "pickup" || until === null || until <= ready) {
    return input.method === "pickup" ? `Ready for pickup ${when}` : `Delivery ${when}`;
  }
  const [day, time] = splitWhen(when);
  const zone = input.now === undefined ? ` (${zoneNameAt(until, input.timeZone)})` : "";
  return `Delivery ${day}between ${time} and ${clock(until)}${zone}`;
}

/** `today at 6:30pm` → [`today `, `6:30pm`]; the zone note, when there is one, is dropped (it is repeated at the end). */
function splitWhen(when: string): [string, string] {
  const match = /^(.*?)at (\S+)(?: \(.+\))?$/.exec(when);
  return match ? [match[1], match[2]] : ["", when];
}

/**
 * An order's promise as its confirmation states it, the date written out, in the location's zone:
 * `Ready for pickup on Friday 27 November 2026 at 6:25pm (EST) (as soon as possible)`. The service
 * writes it into the order view (`promise_text`), in the business's locale, so the order page shows it
 * without loading the wall-clock and locale formatting. Null when no time is promised (shipping).
 */
export function confirmationPromise(
  order: Pick<OrderView, "fulfillment" | "promised_at" | "promised_until" | "scheduled_for" | "location_time_zone">,
  locale?: string,
): string | null {
  if (!order.promised_at || !order.location_time_zone || !order.fulfillment) return null;
  const text = promiseText({ method: order.fulfillment.method, readyAt: order.promised_at, until: order.promised_until, timeZone: order.location_time_zone, locale });
  return `${text}${order.scheduled_for ? "" : " (as soon as possible)"}`;
}
