/**
 * Sold out from the merchant workspace: an item or one of its variations marked sold out "for
 * today" (until the next midnight on the business's wall clock) or "until further notice". The service
 * stores the end (or none), refuses orders for what is sold out, and publishes it; the site's menu shows
 * it. The data file's `available: false` is a different, permanent mark that the workspace does not change.
 */
import { DateTime } from "luxon";
import { zonedNow } from "../hours/hours";

export type SoldOutChoice = "today" | "indefinitely";

/**
 * When a mark made at `now` ends: for "today", the next midnight in `timeZone` (the primary location's),
 * as epoch ms; for "indefinitely", null (until it is cleared). On a day whose midnight is skipped by a
 * daylight-saving change, it is the first instant of the next day all the same.
 */
export function soldOutUntil(choice: SoldOutChoice, now: Date | number, timeZone: string): number | null {
  if (choice === "indefinitely") return null;
  const local = zonedNow(now, timeZone);
  return local.plus({ days: 1 }).startOf("day").toMillis();
}

/** The end as the workspace shows it: the ISO instant on the zone's clock, or "indefinitely". */
export function soldOutUntilText(until: number | null, timeZone: string): string {
  if (until === null) return "indefinitely";
  return DateTime.fromMillis(until, { zone: timeZone }).toISO() as string;
}
