import React, { createContext, type ReactNode } from "react";

/**
 * The site's prebuilt open schedules (one per location, from the layout's site query), handed to every
 * badge and hours block below, so components that only receive hours and a zone still avoid luxon.
 * This file is what the layout loads on every page, so it holds only the context: reading a schedule
 * (hooks/live-hours.ts) comes with the components that show hours.
 */
export const OpenSchedulesContext = createContext<readonly unknown[]>([]);

export function OpenSchedulesProvider({ schedules, children }: { schedules: readonly unknown[]; children: ReactNode }) {
  return <OpenSchedulesContext.Provider value={schedules}>{children}</OpenSchedulesContext.Provider>;
}
