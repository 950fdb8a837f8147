import { useEffect, useState } from "react";
import type { AvailabilityReply } from "@mainstreet/rules/api/appointments-api";
import { fetchAvailability } from "./booking-api";

/**
 * The most days one availability call may ask for: appointments-api's MAX_AVAILABILITY_DAYS, written here
 * because importing the value would bring zod into the booking page (a test holds the two equal).
 */
export const AVAILABILITY_DAYS_LIMIT = 62;

export type AvailabilityState = { status: "idle" | "loading" } | { status: "ready"; reply: AvailabilityReply } | { status: "failed"; message: string };

interface AvailabilityAsk {
  businessId: string;
  locationId: string | null;
  variationId: string | null;
  staffId: string | null;
  daysAhead: number;
  /** Changed to ask again (after a 409, a time was taken meanwhile). */
  round: number;
}

/**
 * The free starts the service offers for the chosen variation and person, from today in the location's
 * zone over the location's booking window: one call, which the day and time steps both read.
 */
export function useAvailability({ businessId, locationId, variationId, staffId, daysAhead, round }: AvailabilityAsk): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ status: "idle" });
  useEffect(() => {
    if (!locationId || !variationId || !staffId) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    const days = Math.max(1, Math.min(daysAhead, AVAILABILITY_DAYS_LIMIT));
    fetchAvailability({ business_id: businessId, location_id: locationId, variation_id: variationId, staff_id: staffId, days: String(days) }, controller.signal)
      .then((reply) => setState({ status: "ready", reply }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "failed", message: error instanceof Error && error.message ? error.message : "The free times could not be loaded. Check your connection and try again." });
      });
    return () => controller.abort();
  }, [businessId, locationId, variationId, staffId, daysAhead, round]);
  return state;
}
