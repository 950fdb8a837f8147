/**
 * Address search at checkout (SPEC §7 `businesses/search/autocomplete/` and `place/details/`):
 * the keyboard model of the street field's suggestions (the WAI-ARIA APG combobox with a listbox popup,
 * list autocomplete, no automatic selection), what the live region says, and how a chosen place fills the
 * address fields. Pure: the component keeps the state and makes the calls.
 */
import { DROPDOWN, UI_TEXT } from "../business/constants";

export const ADDRESS_SEARCH = {
  /** Typing pauses this long before the service is asked (each new keystroke cancels the previous ask). */
  debounceMs: 250,
  /** SPEC §9: the suggestions open after this many typed characters. */
  minCharacters: DROPDOWN.minTypedCharacters,
  /** At most this many suggestions are listed. */
  maxSuggestions: 5,
} as const;

export interface ComboboxState {
  /** The listbox is shown. */
  open: boolean;
  /** Index of the option the visitor moved to (aria-activedescendant), -1 for none: focus stays in the box. */
  active: number;
  /** How many options the listbox holds. */
  count: number;
}

export const CLOSED_COMBOBOX: ComboboxState = { open: false, active: -1, count: 0 };

export type ComboboxEffect =
  /** Nothing happens beyond the state change; the key's own action (moving the caret, Tab) goes on. */
  | { kind: "none"; preventDefault: boolean }
  /** The option at `index` is chosen. */
  | { kind: "choose"; index: number; preventDefault: true };

export interface KeyInput {
  key: string;
  altKey?: boolean;
}

/**
 * A key pressed in the combobox's text box (APG "Combobox With Listbox Popup"):
 * ArrowDown opens the list (Alt+ArrowDown without moving) or moves to the next option, wrapping to the
 * first; ArrowUp moves to the previous one, wrapping to the last (Alt+ArrowUp closes); Enter chooses the
 * option moved to (and only then keeps the form from submitting); Escape closes the list and keeps the
 * text; Tab closes it and moves on. Every other key is typing.
 */
export function comboboxKey(state: ComboboxState, input: KeyInput): { state: ComboboxState; effect: ComboboxEffect } {
  const none = (next: ComboboxState, preventDefault: boolean) => ({ state: next, effect: { kind: "none" as const, preventDefault } });
  const { count } = state;
  switch (input.key) {
    case "ArrowDown":
      if (count === 0) return none(state, false);
      if (input.altKey) return none({ ...state, open: true }, true);
      if (!state.open) return none({ ...state, open: true, active: 0 }, true);
      return none({ ...state, active: state.active + 1 >= count ? 0 : state.active + 1 }, true);
    case "ArrowUp":
      if (count === 0) return none(state, false);
      if (input.altKey) return none({ ...state, open: false, active: -1 }, true);
      if (!state.open) return none({ ...state, open: true, active: count - 1 }, true);
      return none({ ...state, active: state.active <= 0 ? count - 1 : state.active - 1 }, true);
    case "Enter":
      if (state.open && state.active >= 0 && state.active < count) {
        return { state: { ...state, open: false, active: -1 }, effect: { kind: "choose", index: state.active, preventDefault: true } };
      }
      return none(state.open ? { ...state, open: false, active: -1 } : state, state.open);
    case "Escape":
      return none({ ...state, open: false, active: -1 }, state.open);
    case "Tab":
      return none({ ...state, open: false, active: -1 }, false);
    default:
      return none(state, false);
  }
}

/** New suggestions arrived for what the visitor typed: shown at once, none moved to yet. */
export function comboboxResults(state: ComboboxState, count: number): ComboboxState {
  return { open: count > 0, active: -1, count };
}

/** Whether the typed text is worth asking about. */
export function shouldSearch(text: string): boolean {
  return text.trim().length >= ADDRESS_SEARCH.minCharacters;
}

/** What the live region says after a search: the count and how to reach them, or SPEC §8's "No results found.". */
export function suggestionsStatus(count: number): string {
  if (count === 0) return UI_TEXT.noResults;
  return `${count} address ${count === 1 ? "suggestion" : "suggestions"}: use the up and down arrow keys to choose, Enter to fill the address.`;
}

export interface AddressPrediction {
  placeId: string;
  /** `1200 Frankford Ave, Philadelphia, PA 19125, US` */
  description: string;
  main: string;
  secondary: string;
}

/** The suggestions of an autocomplete answer (`predictions[]`), tolerant of an upstream that leaves parts out. */
export function predictionsFrom(answer: unknown): AddressPrediction[] {
  const list = answer && typeof answer === "object" ? (answer as { predictions?: unknown }).predictions : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((entry): AddressPrediction[] => {
      if (!entry || typeof entry !== "object") return [];
      const { place_id: placeId, description, structured_formatting: parts } = entry as { place_id?: unknown; description?: unknown; structured_formatting?: { main_text?: unknown; secondary_text?: unknown } };
      if (typeof placeId !== "string" || typeof description !== "string" || placeId === "" || description === "") return [];
      const main = typeof parts?.main_text === "string" && parts.main_text ? parts.main_text : description;
      const secondary = typeof parts?.secondary_text === "string" ? parts.secondary_text : "";
      return [{ placeId, description, main, secondary }];
    })
    .slice(0, ADDRESS_SEARCH.maxSuggestions);
}

export interface PlaceAddress {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The address fields a chosen place fills, from a place-details answer (`result.address_components`:
 * street_address, locality, administrative_area_level_1, postal_code, country); null when it names no street.
 */
export function addressFromPlace(answer: unknown): PlaceAddress | null {
  const result = answer && typeof answer === "object" ? (answer as { result?: unknown }).result : undefined;
  const parts = result && typeof result === "object" ? (result as { address_components?: unknown }).address_components : undefined;
  if (!parts || typeof parts !== "object" || Array.isArray(parts)) return null;
  const read = (key: string) => {
    const value = (parts as Record<string, unknown>)[key];
    return typeof value === "string" ? value.trim() : "";
  };
  const street = read("street_address");
  if (!street) return null;
  return { street, city: read("locality"), state: read("administrative_area_level_1"), postalCode: read("postal_code"), country: read("country").toUpperCase() };
}
