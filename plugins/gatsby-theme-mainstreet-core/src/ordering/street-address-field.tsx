import React, { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import {
  ADDRESS_SEARCH,
  CLOSED_COMBOBOX,
  addressFromPlace,
  comboboxKey,
  comboboxResults,
  predictionsFrom,
  shouldSearch,
  suggestionsStatus,
  type AddressPrediction,
  type ComboboxState,
  type PlaceAddress,
} from "@mainstreet/rules/orders/address-search";
import { createSessionToken } from "@mainstreet/rules/api/session-token";
import { apiRequest } from "../runtime/api-client";
import { CHECKOUT_LABELS } from "@mainstreet/rules/orders/checkout";
import { FieldFrame } from "../forms/form-fields";
import { checkoutFieldId } from "./use-checkout-form";

/** The site's public key for the search calls (SPEC §6), inlined at build; without one the street is a plain field. */
function searchApiKey(): string | undefined {
  return process.env.GATSBY_SEARCH_API_KEY || undefined;
}

interface StreetAddressFieldProps {
  value: string;
  error?: string;
  /** The visitor typed (or a suggestion put its street in the box). */
  onType: (value: string) => void;
  /** A suggestion was chosen and its place read: the street, city, state and postal code to fill. */
  onPlace: (address: PlaceAddress) => void;
  apiKey?: string;
}

/**
 * The delivery form's street field with address suggestions: an ARIA APG combobox with a
 * listbox popup. Typing asks `businesses/search/autocomplete/` after a short pause (a new keystroke
 * cancels the ask before it), the arrow keys move through the suggestions, Enter fills the address from
 * `place/details/`, Escape closes the list and keeps the text; a live region says how many suggestions
 * there are, or "No results found.". One session token per address entry, renewed once a place is
 * chosen. When the search cannot answer (no key, the service or its geocoder down) the field stays a
 * plain text box and says so once.
 */
/**
 * The suggestions' state and calls: the ask after a pause in the typing, the place of a chosen
 * suggestion, the list's keyboard, and giving up (a plain field) when the search cannot answer.
 */
function useAddressSearch({ onType, onPlace, apiKey }: Pick<StreetAddressFieldProps, "onType" | "onPlace" | "apiKey">) {
  const [predictions, setPredictions] = useState<AddressPrediction[]>([]);
  const [box, setBox] = useState<ComboboxState>(CLOSED_COMBOBOX);
  const [status, setStatus] = useState("");
  const [noResults, setNoResults] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const session = useRef<string | null>(null);
  // The ask waiting for the typing to pause, the suggestions on their way, the chosen place on its way.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; search?: AbortController; place?: AbortController }>({});
  const searching = Boolean(apiKey) && !unavailable;

  // Suggestions that arrive after the visitor has left the box would open a list nobody looks at.
  const cancelSearch = () => {
    clearTimeout(pending.current.timer);
    pending.current.search?.abort();
    pending.current = { place: pending.current.place };
  };
  const cancel = () => {
    cancelSearch();
    pending.current.place?.abort();
    pending.current = {};
  };
  useEffect(() => cancel, []);

  const giveUp = () => {
    setUnavailable(true);
    setPredictions([]);
    setBox(CLOSED_COMBOBOX);
    setNoResults(false);
    setStatus("Address suggestions are not available right now: type the address in full.");
  };

  const search = async (text: string) => {
    const controller = new AbortController();
    pending.current.search = controller;
    session.current ??= createSessionToken();
    try {
      const answer = await apiRequest<unknown>("businesses/search/autocomplete/", {
        query: { input: text.trim(), session_token: session.current, types: "address" },
        apiKey,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      const found = predictionsFrom(answer);
      setPredictions(found);
      setBox((current) => comboboxResults(current, found.length));
      setNoResults(found.length === 0);
      setStatus(suggestionsStatus(found.length));
    } catch (failure) {
      if ((failure as { name?: string }).name === "AbortError" || controller.signal.aborted) return;
      giveUp();
    }
  };

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    onType(text);
    if (!searching) return;
    cancel();
    setNoResults(false);
    if (!shouldSearch(text)) {
      setPredictions([]);
      setBox(CLOSED_COMBOBOX);
      setStatus("");
      return;
    }
    pending.current.timer = setTimeout(() => void search(text), ADDRESS_SEARCH.debounceMs);
  };

  const choose = async (index: number) => {
    const prediction = predictions[index];
    if (!prediction) return;
    cancel();
    setBox((current) => ({ ...current, open: false, active: -1 }));
    setNoResults(false);
    onType(prediction.main);
    const token = session.current ?? createSessionToken();
    // The place ends this entry: the next address typed is a new session.
    session.current = null;
    // Typing on before the place arrives means the visitor wants another address: its answer is dropped.
    const controller = new AbortController();
    pending.current.place = controller;
    try {
      const answer = await apiRequest<unknown>("businesses/search/place/details/", { query: { place_id: prediction.placeId, session_token: token }, apiKey, signal: controller.signal });
      if (controller.signal.aborted) return;
      const address = addressFromPlace(answer);
      if (!address) throw new Error("no street in the place");
      onPlace(address);
      setStatus(`Address filled in: ${[address.street, address.city, [address.state, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}.`);
    } catch {
      if (controller.signal.aborted) return;
      setStatus("The rest of this address could not be filled in: check the city and postal code.");
    }
  };

  const key = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!searching) return;
    const { state, effect } = comboboxKey(box, { key: event.key, altKey: event.altKey });
    if (effect.preventDefault) event.preventDefault();
    setBox(state);
    if (effect.kind === "choose") void choose(effect.index);
  };

  return { predictions, box, setBox, status, noResults, searching, cancelSearch, type, choose, key };
}

export function StreetAddressField({ value, error, onType, onPlace, apiKey = searchApiKey() }: StreetAddressFieldProps) {
  const ids = { list: useId(), status: useId(), noResults: useId() };
  const { predictions, box, setBox, status, noResults, searching, cancelSearch, type, choose, key } = useAddressSearch({ onType, onPlace, apiKey });
  const optionId = (index: number) => `${ids.list}-option-${index}`;
  const open = searching && box.open && predictions.length > 0;
  const showNoResults = noResults && value.trim() !== "";
  return (
    <FieldFrame
      id={checkoutFieldId("street")}
      label={CHECKOUT_LABELS.street}
      hint={searching ? "Start typing, then choose your address from the list, or type it in full." : undefined}
      hintAbove
      error={error}
      describedBy={showNoResults ? ids.noResults : undefined}
      className="address-search"
    >
      {(control) => (
        <>
          <div className="address-search__box">
            <input
              {...control}
              name="street"
              type="text"
              autoComplete="address-line1"
              aria-required
              className="form-field__control"
              {...(searching
                ? {
                    role: "combobox",
                    "aria-autocomplete": "list" as const,
                    "aria-expanded": open,
                    "aria-controls": open ? ids.list : undefined,
                    "aria-activedescendant": open && box.active >= 0 ? optionId(box.active) : undefined,
                  }
                : {})}
              value={value}
              onChange={type}
              onKeyDown={key}
              onBlur={() => {
                cancelSearch();
                setBox((current) => ({ ...current, open: false, active: -1 }));
              }}
            />
            {open ? <Suggestions id={ids.list} predictions={predictions} active={box.active} optionId={optionId} onChoose={(index) => void choose(index)} /> : null}
          </div>
          {showNoResults ? (
            <p id={ids.noResults} className="form-field__hint">
              {suggestionsStatus(0)}
            </p>
          ) : null}
          <p id={ids.status} className="visually-hidden" role="status">
            {status}
          </p>
        </>
      )}
    </FieldFrame>
  );
}

/** The suggestions under the box: the pointer picks without taking focus from the box. */
function Suggestions({ id, predictions, active, optionId, onChoose }: { id: string; predictions: AddressPrediction[]; active: number; optionId(index: number): string; onChoose(index: number): void }) {
  return (
    <ul id={id} role="listbox" aria-label="Address suggestions" className="address-search__list">
      {predictions.map((prediction, index) => (
        <li
          key={prediction.placeId}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? "address-search__option is-active" : "address-search__option"}
          // Keeps the focus in the box, where the APG pattern wants it, while the pointer picks.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(index)}
        >
          <span className="address-search__main">{prediction.main}</span>
          {prediction.secondary ? <span className="address-search__secondary">{prediction.secondary}</span> : null}
        </li>
      ))}
    </ul>
  );
}
