import React, { type ReactNode } from "react";

/** The line a page shows where something is still loading (the cart, an order), marked busy. */
export function BusyLine({ children }: { children: ReactNode }) {
  return (
    <p className="container" aria-busy="true">
      {children}
    </p>
  );
}
