/**
 * The timed element's settings as the business data writes them: start and end as ISO dates or
 * date-times, read in the settings' IANA zone (default UTC) unless they carry an offset. The build
 * resolves them here, with luxon, to the epoch-ms instants the browser's state (timed-element-state.ts,
 * re-exported here) works on.
 */
import { DateTime } from "luxon";
import type { DismissalType, TimedElementSettings } from "./timed-element-state";

export * from "./timed-element-state";

export type TimedElementSettingsInput = {
  /** ms after mount before showing. */
  delay?: number | null;
  /** ISO date or date-time; without an offset it is read in `timezone`. A date alone is its first instant. */
  startTime?: string | null;
  endTime?: string | null;
  /** IANA zone for start and end times without an offset; default UTC. */
  timezone?: string | null;
  /** ms the element stays shown; absent or 0 means until dismissed. */
  duration?: number | null;
  dismissalType?: DismissalType | null;
  referenceId?: string | null;
};

export type TimedWindow = { startAt: number | null; endAt: number | null };

/**
 * Parses a start/end time in the settings' zone; null when unset. A wall time skipped by a spring-forward
 * jump moves forward past the jump, and a wall time that a fall-back repeats is its later (standard-time)
 * occurrence, as luxon resolves them.
 */
export function parseSettingTime(value: string | null | undefined, timezone: string | null | undefined, name: string): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const zone = timezone?.trim() || "UTC";
  const parsed = DateTime.fromISO(value.trim(), { zone });
  if (!parsed.isValid) {
    throw new RangeError(
      `timed element settings: ${name}: expected an ISO date-time like 2026-05-01T09:00 in ${zone}, got ${JSON.stringify(value)} (${parsed.invalidReason ?? "invalid"})`,
    );
  }
  return parsed.toMillis();
}

/** The window's start and end as epoch ms, each null when the data leaves it open. */
export function resolveTimedWindow(settings: Pick<TimedElementSettingsInput, "startTime" | "endTime" | "timezone">): TimedWindow {
  return {
    startAt: parseSettingTime(settings.startTime, settings.timezone, "startTime"),
    endAt: parseSettingTime(settings.endTime, settings.timezone, "endTime"),
  };
}

/** The data's settings as the page receives them: the window resolved, its local-time fields dropped. */
export function resolveTimedElementSettings(settings: TimedElementSettingsInput): TimedElementSettings {
  return {
    delay: settings.delay ?? null,
    duration: settings.duration ?? null,
    dismissalType: settings.dismissalType ?? null,
    referenceId: settings.referenceId ?? null,
    ...resolveTimedWindow(settings),
  };
}
