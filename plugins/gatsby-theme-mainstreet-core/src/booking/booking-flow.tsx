import React, { useEffect } from "react";
import { deferred, openDeferred } from "../hydration/deferred";
import type { BookingFlowProps } from "./booking-flow-body";

const OPEN_SIGNAL = "booking-flow";

/*
 * The flow's code is on no other page and loads when the visitor approaches it (points at, touches, focuses or
 * types in it), as the forms do, so the page's first load stays within the JS budget. An address that carries
 * choices (a deep link, a reload mid-flow) opens it at once: the served HTML shows the first step, and the
 * step to show comes from the address.
 */
const BookingFlowPart = deferred(() => import("./booking-flow-body"), { openOn: OPEN_SIGNAL, code: "part-booking-flow-body" });

/** The booking page's flow; its first step is server-rendered, so the page reads before the code arrives. */
export function BookingFlow(props: BookingFlowProps) {
  useEffect(() => {
    if (window.location.search.length > 1) openDeferred(OPEN_SIGNAL);
  }, []);
  return <BookingFlowPart {...props} />;
}
