import React from "react";
import { deferred } from "../hydration/deferred";
import type { BookingFlowProps } from "./booking-flow-body";

// The flow's code loads when the visitor approaches it (points at, touches, focuses or types in it), as the forms do.
const BookingFlowPart = deferred(() => import("./booking-flow-body"));

/** The booking page's flow; its first step is server-rendered, so the page reads and works before the code arrives. */
export function BookingFlow(props: BookingFlowProps) {
  return <BookingFlowPart {...props} />;
}
