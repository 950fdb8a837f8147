import { useCallback, useState, useSyncExternalStore } from "react";
import { chooseActiveLocation } from "@mainstreet/rules/site/active-location";
import { activeLocationKey, browserLocalStorage, createStore } from "@mainstreet/rules/site/storage";

const CHANGE_EVENT = "mainstreet:active-location";

interface Options {
  siteId: string;
  defaultId?: string | null;
  /** Keep the visitor's choice in local storage (SPEC §4 "storage use is on"). */
  persist?: boolean;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab of the same site chose a location.
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

const noSubscription = () => () => undefined;
const nothingStored = () => null;

/**
 * The one place footer, contact and ordering read the active location from. The server render and
 * hydration use the default/primary location (React reads the server snapshot while hydrating); a
 * stored choice is read from storage as an external store, so a visitor without one costs no render
 * at all after hydration, and a visitor with one costs a single re-render of the readers.
 */
export function useActiveLocation<T extends { locationId: string; primaryLocation?: boolean | null }>(
  locations: readonly T[],
  { siteId, defaultId, persist = true }: Options,
): [T | undefined, (locationId: string) => void] {
  const read = useCallback(
    () => createStore(browserLocalStorage).get<string | null>(activeLocationKey(siteId), null, { now: Date.now() }),
    [siteId],
  );
  const storedId = useSyncExternalStore(persist ? subscribe : noSubscription, persist ? read : nothingStored, nothingStored);
  // With storage off the choice lives as long as the component.
  const [chosenHere, setChosenHere] = useState<string | null>(null);

  const choose = useCallback(
    (locationId: string) => {
      if (!persist) {
        setChosenHere(locationId);
        return;
      }
      createStore(browserLocalStorage).set(activeLocationKey(siteId), locationId);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [persist, siteId],
  );

  const candidates = locations.map((location) => ({ ...location, id: location.locationId }));
  const active = chooseActiveLocation(candidates, { storedId: persist ? storedId : chosenHere, defaultId });
  return [active ? locations.find((location) => location.locationId === active.id) : undefined, choose];
}
