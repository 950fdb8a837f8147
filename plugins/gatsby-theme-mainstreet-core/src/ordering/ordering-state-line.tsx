import React from "react";
import type { OrderingState } from "@mainstreet/rules/orders/ordering-state";

/**
 * The location's ordering state in its one sentence (rules/orders/ordering-state.ts), the same line in the
 * cart drawer, at checkout and in the item dialog. Before the service has answered it holds its place empty;
 * where it fills in after the place has opened (the drawer, the checkout) it is announced (`live`).
 */
export function OrderingStateLine({ state, live = false }: { state: OrderingState | null; live?: boolean }) {
  return (
    <p className={`ordering-state ordering-state--${state?.kind ?? "pending"}`} role={live ? "status" : undefined} data-ordering-state={state?.kind}>
      {state?.sentence ?? "\u00a0"}
    </p>
  );
}
