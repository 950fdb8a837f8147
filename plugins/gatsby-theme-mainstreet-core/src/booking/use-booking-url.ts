import { useCallback, useEffect, useState } from "react";
import { bookingSearch, parseBookedSearch, parseBookingSearch, type BookingSelection } from "@mainstreet/rules/booking/booking-flow";

/**
 * The flow's choices live in the page's query string: each choice is a history entry, so Back and
 * Forward step through the flow and a reload shows the same step. `settle` fills in and drops what the
 * data decides (settleSelection); its changes replace the entry rather than add one.
 */
export function useBookingUrl(settle: (selection: BookingSelection) => BookingSelection) {
  const read = () => settle(parseBookingSearch(window.location.search));
  // The first render matches the server's HTML (no query string there); the URL's choices follow at once.
  const [selection, setSelection] = useState<BookingSelection>(() => settle(parseBookingSearch("")));
  useEffect(() => {
    const sync = () => {
      // An address naming a booking made is the confirmation's (use-booked), not a step to tidy.
      if (parseBookedSearch(window.location.search)) return;
      const next = read();
      setSelection(next);
      const search = bookingSearch(next);
      if (search !== window.location.search) window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
    };
    sync();
    window.addEventListener("popstate", sync);
    return () => window.removeEventListener("popstate", sync);
  }, []);
  const choose = useCallback(
    (chosen: BookingSelection) => {
      const next = settle(chosen);
      setSelection(next);
      window.history.pushState(window.history.state, "", `${window.location.pathname}${bookingSearch(next)}`);
    },
    [settle],
  );
  return [selection, choose] as const;
}
