import { createContext, useContext } from "react";
import type { SiteReply } from "@mainstreet/rules/api/site-api";

/**
 * What parts of the Site screen beyond a section's props need from the draft machinery: the history's
 * restore reloads the draft, a publish saves what is waiting first and names the revision it builds.
 */
export interface SiteDraftControls {
  /** The draft's revision as last loaded or saved. */
  revision: number | null;
  /** The version the public site serves. */
  live: SiteReply["live"];
  /** Saves any edit still waiting, at once; resolves when nothing is left to save. */
  flush: () => Promise<void>;
  /** Reads the draft again from the service. */
  reload: () => Promise<void>;
}

export const SiteDraftContext = createContext<SiteDraftControls | null>(null);

export function useSiteDraftControls(): SiteDraftControls {
  const value = useContext(SiteDraftContext);
  if (!value) throw new Error("useSiteDraftControls: outside the Site screen");
  return value;
}
