import React, { createContext, useContext, type ReactNode } from "react";
import type { Api } from "./api/client";
import type { MerchantUser } from "@mainstreet/rules/api/manage-api";
import { deviceTimeZone } from "./format";
import type { ManageLocation } from "./types";
import type { ReadCache } from "./reads";

export interface SessionValue {
  api: Api;
  user: MerchantUser;
  signOut(): Promise<void>;
  /** Polite announcement for screen readers ("Order 1042 accepted"). */
  announce(text: string): void;
  /** The lists read in this signing-in, shown at once when a screen opens again. */
  reads: ReadCache;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession: outside a signed-in workspace");
  return value;
}

/**
 * A location of the session's business by id: its name and zone. Something that names no location (a job
 * application, a review of an item) is read on the business's first location's clock, like the rest of
 * the workspace, never on the device's; the device's zone only for a business with no location at all.
 */
/** The zone a location keeps its clock in: see useLocations. */
export function locationZone(locations: readonly ManageLocation[], id: string | null | undefined): string {
  return (locations.find((candidate) => candidate.id === id) ?? locations[0])?.time_zone ?? deviceTimeZone();
}

export function useLocations(): { locations: ManageLocation[]; location(id: string | null | undefined): ManageLocation | null; zoneOf(id: string | null | undefined): string } {
  const { user } = useSession();
  const locations = user.locations ?? [];
  const location = (id: string | null | undefined) => locations.find((candidate) => candidate.id === id) ?? null;
  return { locations, location, zoneOf: (id) => locationZone(locations, id) };
}
