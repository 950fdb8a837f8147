import { useCallback, useEffect, useState } from "react";
import { chooseActiveLocation } from "@mainstreet/rules/active-location";
import { activeLocationKey, browserLocalStorage, createStore } from "@mainstreet/rules/storage";

const CHANGE_EVENT = "mainstreet:active-location";

interface Options {
  siteId: string;
  defaultId?: string | null;
  /** Keep the visitor's choice in local storage (SPEC §4 "storage use is on"). */
  persist?: boolean;
}

/**
 * The one place footer, contact and ordering read the active location from. The server render and
 * the first client render use the default/primary location; a stored choice applies after mount so
 * hydration always matches.
 */
export function useActiveLocation<T extends { locationId: string; primaryLocation?: boolean | null }>(
  locations: readonly T[],
  { siteId, defaultId, persist = true }: Options,
): [T | undefined, (locationId: string) => void] {
  const candidates = locations.map((location) => ({ ...location, id: location.locationId }));
  const [storedId, setStoredId] = useState<string | null>(null);

  useEffect(() => {
    if (!persist) return undefined;
    const store = createStore(browserLocalStorage);
    const read = () => setStoredId(store.get<string | null>(activeLocationKey(siteId), null, { now: Date.now() }));
    read();
    window.addEventListener(CHANGE_EVENT, read);
    return () => window.removeEventListener(CHANGE_EVENT, read);
  }, [persist, siteId]);

  const choose = useCallback(
    (locationId: string) => {
      setStoredId(locationId);
      if (!persist) return;
      createStore(browserLocalStorage).set(activeLocationKey(siteId), locationId);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [persist, siteId],
  );

  const active = chooseActiveLocation(candidates, { storedId, defaultId });
  return [active ? locations.find((location) => location.locationId === active.id) : undefined, choose];
}
