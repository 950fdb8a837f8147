import { ADDRESS_SEARCH, CLOSED_COMBOBOX, addressFromPlace, comboboxKey, comboboxResults, predictionsFrom, shouldSearch, suggestionsStatus, type ComboboxState, type KeyInput } from "../address-search";

const open = (active: number, count = 3): ComboboxState => ({ open: true, active, count });
const closed = (count = 3): ComboboxState => ({ open: false, active: -1, count });

describe("comboboxKey (APG combobox with a listbox popup)", () => {
  it.each<[string, ComboboxState, KeyInput, ComboboxState, ReturnType<typeof comboboxKey>["effect"]]>([
    ["ArrowDown opens a closed list on its first option", closed(), { key: "ArrowDown" }, open(0), { kind: "none", preventDefault: true }],
    ["ArrowDown moves to the next option", open(0), { key: "ArrowDown" }, open(1), { kind: "none", preventDefault: true }],
    ["ArrowDown wraps from the last to the first", open(2), { key: "ArrowDown" }, open(0), { kind: "none", preventDefault: true }],
    ["ArrowDown from the text box (no option yet) goes to the first", open(-1), { key: "ArrowDown" }, open(0), { kind: "none", preventDefault: true }],
    ["Alt+ArrowDown opens without moving", closed(), { key: "ArrowDown", altKey: true }, { open: true, active: -1, count: 3 }, { kind: "none", preventDefault: true }],
    ["ArrowDown with nothing to show does nothing (the caret moves as usual)", CLOSED_COMBOBOX, { key: "ArrowDown" }, CLOSED_COMBOBOX, { kind: "none", preventDefault: false }],
    ["ArrowUp opens a closed list on its last option", closed(), { key: "ArrowUp" }, open(2), { kind: "none", preventDefault: true }],
    ["ArrowUp moves to the previous option", open(2), { key: "ArrowUp" }, open(1), { kind: "none", preventDefault: true }],
    ["ArrowUp wraps from the first to the last", open(0), { key: "ArrowUp" }, open(2), { kind: "none", preventDefault: true }],
    ["Alt+ArrowUp closes", open(1), { key: "ArrowUp", altKey: true }, closed(), { kind: "none", preventDefault: true }],
    ["Enter on an option chooses it and closes", open(1), { key: "Enter" }, closed(), { kind: "choose", index: 1, preventDefault: true }],
    ["Enter with the list open but no option moved to closes it, without submitting", open(-1), { key: "Enter" }, closed(), { kind: "none", preventDefault: true }],
    ["Enter with the list closed is the form's (submits)", closed(), { key: "Enter" }, closed(), { kind: "none", preventDefault: false }],
    ["Escape closes and keeps the text", open(1), { key: "Escape" }, closed(), { kind: "none", preventDefault: true }],
    ["Escape with the list closed leaves the text alone (and lets a dialog close)", closed(), { key: "Escape" }, closed(), { kind: "none", preventDefault: false }],
    ["Tab closes and moves on", open(1), { key: "Tab" }, closed(), { kind: "none", preventDefault: false }],
    ["a letter is typing", open(1), { key: "a" }, open(1), { kind: "none", preventDefault: false }],
    ["Home moves the caret, not the option", open(1), { key: "Home" }, open(1), { kind: "none", preventDefault: false }],
  ])("%s", (_label, state, key, next, effect) => {
    expect(comboboxKey(state, key)).toEqual({ state: next, effect });
  });
});

describe("comboboxResults, shouldSearch and suggestionsStatus", () => {
  it.each<[number, ComboboxState]>([
    [3, { open: true, active: -1, count: 3 }],
    [0, { open: false, active: -1, count: 0 }],
  ])("%i results → %j (nothing moved to: Enter still submits)", (count, state) => {
    expect(comboboxResults(open(2), count)).toEqual(state);
  });

  it.each<[string, boolean]>([
    ["", false],
    ["   ", false],
    ["1", ADDRESS_SEARCH.minCharacters <= 1],
    ["1200 Fr", true],
  ])("search for %j: %s (SPEC §9: after the first typed character)", (text, search) => {
    expect(shouldSearch(text)).toBe(search);
  });

  it.each<[number, string]>([
    [0, "No results found."],
    [1, "1 address suggestion: use the up and down arrow keys to choose, Enter to fill the address."],
    [4, "4 address suggestions: use the up and down arrow keys to choose, Enter to fill the address."],
  ])("%i → %s", (count, text) => {
    expect(suggestionsStatus(count)).toBe(text);
  });
});

describe("predictionsFrom", () => {
  it("reads the service's predictions, drops malformed ones and keeps at most five", () => {
    const prediction = (n: number) => ({ place_id: `p${n}`, description: `${n} Frankford Ave, Philadelphia, PA 19125, US`, structured_formatting: { main_text: `${n} Frankford Ave`, secondary_text: "Philadelphia, PA 19125, US" }, types: ["street_address"] });
    const answer = { predictions: [prediction(1), { place_id: "", description: "x" }, null, { description: "no id" }, prediction(2), prediction(3), prediction(4), prediction(5), prediction(6)] };
    expect(predictionsFrom(answer).map((entry) => entry.placeId)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    expect(predictionsFrom(answer)[0]).toEqual({ placeId: "p1", description: "1 Frankford Ave, Philadelphia, PA 19125, US", main: "1 Frankford Ave", secondary: "Philadelphia, PA 19125, US" });
  });

  it.each([undefined, null, "text", { predictions: "none" }, {}])("an answer without a list (%j) has none", (answer) => {
    expect(predictionsFrom(answer)).toEqual([]);
  });

  it("a prediction without structured parts shows its description", () => {
    expect(predictionsFrom({ predictions: [{ place_id: "p", description: "1 Main St" }] })).toEqual([{ placeId: "p", description: "1 Main St", main: "1 Main St", secondary: "" }]);
  });
});

describe("addressFromPlace", () => {
  it("fills street, city, state, postal code and country from the place's components", () => {
    const answer = {
      result: {
        place_id: "p1",
        formatted_address: "1200 Frankford Ave, Philadelphia, PA 19125, US",
        address_components: { street_address: " 1200 Frankford Ave ", locality: "Philadelphia", administrative_area_level_1: "PA", postal_code: "19125", country: "us" },
      },
    };
    expect(addressFromPlace(answer)).toEqual({ street: "1200 Frankford Ave", city: "Philadelphia", state: "PA", postalCode: "19125", country: "US" });
  });

  it.each([undefined, {}, { result: {} }, { result: { address_components: [] } }, { result: { address_components: { locality: "Philadelphia" } } }])("a place without a street (%j) fills nothing", (answer) => {
    expect(addressFromPlace(answer)).toBeNull();
  });
});
