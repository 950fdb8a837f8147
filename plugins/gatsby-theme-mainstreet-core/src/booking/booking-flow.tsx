import React from "react";
import { deferred } from "../hydration/deferred";
import type { BookingFlowProps } from "./booking-flow-body";

/*
 * The flow's code is on no other page, and loads when the flow comes near the screen, as the parts that must
 * run to look right do: the step to show comes from the address (a deep link, a reload), which the served
 * HTML cannot know, so waiting for a first touch would show a visitor the wrong step.
 */
const BookingFlowPart = deferred(() => import("./booking-flow-body"), { when: "visible", name: "booking-flow" });

/** The booking page's flow; its first step is server-rendered, so the page reads before the code arrives. */
export function BookingFlow(props: BookingFlowProps) {
  return <BookingFlowPart {...props} />;
}
