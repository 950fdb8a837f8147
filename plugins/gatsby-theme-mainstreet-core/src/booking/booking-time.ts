/**
 * Times as the booking pages write them: in the location's zone (the times are the location's), with the
 * zone named when the visitor's own differs. Intl only; the instants come from the service.
 */

export function visitorZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

export function timeLabel(start: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(start));
}

/** A YYYY-MM-DD date of the location as a weekday and date ("Tuesday, December 8"). */
export function dayLabel(date: string, locale?: string): string {
  // Noon UTC of that date reads as the same calendar date in every zone.
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));
}

export function whenLabel(start: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(start));
}

/** A note naming the location's zone when the visitor's zone is another, else null. */
export function zoneNote(timeZone: string, visitor: string | null): string | null {
  if (!visitor || visitor === timeZone) return null;
  const city = timeZone.split("/").pop()?.replace(/_/g, " ") ?? timeZone;
  return `Times are shown in ${city} time (${timeZone}), the location's time zone.`;
}
