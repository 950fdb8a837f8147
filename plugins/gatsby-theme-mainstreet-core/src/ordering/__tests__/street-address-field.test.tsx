import React, { useState } from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PlaceAddress } from "@mainstreet/rules/orders/address-search";
import { StreetAddressField } from "../street-address-field";

const KEY = "public-search-key";

interface Sent {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  signal?: AbortSignal | null;
}

const PLACES: Record<string, { street: string; city: string; state: string; zip: string }> = {
  "p-frankford": { street: "1200 Frankford Ave", city: "Philadelphia", state: "PA", zip: "19125" },
  "p-front": { street: "1200 N Front St", city: "Philadelphia", state: "PA", zip: "19122" },
};

/** The search calls answered like the service (docs/api.md, Search); `fail` answers 424 as an unreachable geocoder does. */
function searchApi(options: { fail?: boolean; empty?: boolean; placeArrives?: Promise<void> } = {}) {
  const sent: Sent[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, "http://localhost");
    const call: Sent = { path: parsed.pathname.replace(/^\/api\//, ""), query: Object.fromEntries(parsed.searchParams), headers: init.headers as Record<string, string>, signal: init.signal };
    sent.push(call);
    const reply = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) }) as Response;
    if (options.fail) return reply(424, { message: "The address service could not be reached; type the address in full instead." });
    if (call.path === "businesses/search/autocomplete/") {
      const predictions = options.empty
        ? []
        : Object.entries(PLACES).map(([id, place]) => ({
            place_id: id,
            description: `${place.street}, ${place.city}, ${place.state} ${place.zip}, US`,
            structured_formatting: { main_text: place.street, secondary_text: `${place.city}, ${place.state} ${place.zip}, US` },
            types: ["street_address"],
          }));
      return reply(200, { predictions, source: "geocoder" });
    }
    const place = PLACES[call.query.place_id];
    if (options.placeArrives) await options.placeArrives;
    return reply(200, {
      result: { place_id: call.query.place_id, name: place.street, formatted_address: "", address_components: { street_address: place.street, locality: place.city, administrative_area_level_1: place.state, postal_code: place.zip, country: "US" }, geometry: null },
      source: "geocoder",
    });
  });
  return sent;
}

function Harness({ apiKey = KEY, onPlace = () => undefined }: { apiKey?: string; onPlace?: (address: PlaceAddress) => void }) {
  const [value, setValue] = useState("");
  return <StreetAddressField value={value} onType={setValue} onPlace={onPlace} apiKey={apiKey} />;
}

/** The field in its harness over the search API, with a spy for the place it fills in. */
function renderHarness() {
  const sent = searchApi();
  const onPlace = jest.fn();
  render(<Harness onPlace={onPlace} />);
  return { sent, onPlace };
}

const box = () => screen.getByLabelText("Street address");
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string, extra: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(box(), { key: name, ...extra });
const autocompletes = (sent: Sent[]) => sent.filter((call) => call.path === "businesses/search/autocomplete/");

async function typeAndWait(sent: Sent[], text: string) {
  type(text);
  await waitFor(() => expect(screen.getByRole("listbox", { name: "Address suggestions" })).toBeInTheDocument());
  return screen.getByRole("listbox", { name: "Address suggestions" });
}

describe("street address search: an APG combobox", () => {
  it("asks once the typing pauses, with the key, a 32-hex session token and types=address; lists and announces the suggestions", async () => {
    const sent = searchApi();
    render(<Harness />);
    expect(box()).toHaveAttribute("role", "combobox");
    expect(box()).toHaveAttribute("aria-expanded", "false");
    type("1");
    type("12");
    type("1200");
    const list = await typeAndWait(sent, "1200 F");
    expect(autocompletes(sent)).toHaveLength(1);
    expect(autocompletes(sent)[0]).toMatchObject({ query: { input: "1200 F", types: "address", session_token: expect.stringMatching(/^[0-9a-f]{32}$/) }, headers: expect.objectContaining({ "x-api-key": KEY }) });
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual(["1200 Frankford AvePhiladelphia, PA 19125, US", "1200 N Front StPhiladelphia, PA 19122, US"]);
    expect(box()).toHaveAttribute("aria-expanded", "true");
    expect(box()).toHaveAttribute("aria-controls", list.id);
    expect(box()).not.toHaveAttribute("aria-activedescendant");
    expect(screen.getByRole("status")).toHaveTextContent("2 address suggestions: use the up and down arrow keys to choose, Enter to fill the address.");
  });

  it.each<[string, string[], number | null]>([
    ["ArrowDown moves to the first suggestion", ["ArrowDown"], 0],
    ["ArrowDown twice to the second", ["ArrowDown", "ArrowDown"], 1],
    ["ArrowDown past the last wraps to the first", ["ArrowDown", "ArrowDown", "ArrowDown"], 0],
    ["ArrowUp from the box goes to the last", ["ArrowUp"], 1],
    ["Escape closes the list", ["ArrowDown", "Escape"], null],
  ])("%s (focus stays in the box, aria-activedescendant moves)", async (_label, keys, active) => {
    const sent = searchApi();
    render(<Harness />);
    await typeAndWait(sent, "1200");
    box().focus();
    for (const name of keys) key(name);
    expect(box()).toHaveFocus();
    if (active === null) {
      expect(screen.queryByRole("listbox")).toBeNull();
      expect(box()).toHaveAttribute("aria-expanded", "false");
      expect(box()).toHaveValue("1200");
      return;
    }
    const options = screen.getAllByRole("option");
    expect(box()).toHaveAttribute("aria-activedescendant", options[active].id);
    expect(options.map((option) => option.getAttribute("aria-selected"))).toEqual(options.map((_option, index) => String(index === active)));
  });

  it("Enter fills street, city, state and postal code from the place, with the same session token, then renews it", async () => {
    const { sent, onPlace } = renderHarness();
    await typeAndWait(sent, "1200");
    key("ArrowDown");
    await act(async () => {
      key("Enter");
    });
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith({ street: "1200 Frankford Ave", city: "Philadelphia", state: "PA", postalCode: "19125", country: "US" }));
    const details = sent.find((call) => call.path === "businesses/search/place/details/");
    expect(details?.query).toEqual({ place_id: "p-frankford", session_token: autocompletes(sent)[0].query.session_token });
    expect(details?.headers).toEqual(expect.objectContaining({ "x-api-key": KEY }));
    expect(box()).toHaveValue("1200 Frankford Ave");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Address filled in: 1200 Frankford Ave, Philadelphia, PA 19125.");
    // The next address typed is a new entry: a new session token.
    await typeAndWait(sent, "1200 N");
    expect(autocompletes(sent)[1].query.session_token).toMatch(/^[0-9a-f]{32}$/);
    expect(autocompletes(sent)[1].query.session_token).not.toBe(autocompletes(sent)[0].query.session_token);
  });

  it("a click on a suggestion fills the address too", async () => {
    const { sent, onPlace } = renderHarness();
    const list = await typeAndWait(sent, "1200");
    await act(async () => {
      fireEvent.click(within(list).getAllByRole("option")[1]);
    });
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith(expect.objectContaining({ street: "1200 N Front St", postalCode: "19122" })));
  });

  it("Enter with no suggestion moved to is the form's: nothing is chosen", async () => {
    const { sent, onPlace } = renderHarness();
    await typeAndWait(sent, "1200");
    key("Escape");
    const enter = fireEvent.keyDown(box(), { key: "Enter" });
    expect(enter).toBe(true);
    expect(onPlace).not.toHaveBeenCalled();
  });

  it("a new keystroke cancels the ask still on its way", async () => {
    const sent = searchApi();
    render(<Harness />);
    await typeAndWait(sent, "1200");
    // The answer to "1200 F" is in flight when the visitor types on.
    jest.useFakeTimers();
    try {
      type("1200 F");
      act(() => jest.advanceTimersByTime(300));
      const first = autocompletes(sent).at(-1);
      type("1200 Fr");
      expect(first?.signal?.aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("a place still on its way when the visitor types on is dropped: the typing wins", async () => {
    let arrive = () => undefined as void;
    const sent = searchApi({ placeArrives: new Promise<void>((resolve) => (arrive = resolve)) });
    const onPlace = jest.fn();
    render(<Harness onPlace={onPlace} />);
    await typeAndWait(sent, "1200");
    key("ArrowDown");
    key("Enter");
    await waitFor(() => expect(sent.some((call) => call.path === "businesses/search/place/details/")).toBe(true));
    type("77 Other Rd");
    const details = sent.find((call) => call.path === "businesses/search/place/details/");
    expect(details?.signal?.aborted).toBe(true);
    await act(async () => arrive());
    expect(onPlace).not.toHaveBeenCalled();
    expect(box()).toHaveValue("77 Other Rd");
  });

  it("suggestions asked for before the visitor left the box do not open a list after it", async () => {
    const sent = searchApi();
    render(<Harness />);
    box().focus();
    jest.useFakeTimers();
    try {
      type("1200 F");
      fireEvent.blur(box());
      act(() => jest.advanceTimersByTime(1000));
      expect(autocompletes(sent)).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it('says "No results found." (SPEC §8), visibly and in the live region', async () => {
    searchApi({ empty: true });
    render(<Harness />);
    type("Nowhere Lane");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No results found."));
    expect(box()).toHaveAccessibleDescription(/No results found\./);
    expect(box()).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps working as a plain field when the search cannot answer", async () => {
    searchApi({ fail: true });
    render(<Harness />);
    type("1200 Frankford");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Address suggestions are not available right now: type the address in full."));
    expect(box()).not.toHaveAttribute("role");
    type("1200 Frankford Ave");
    expect(box()).toHaveValue("1200 Frankford Ave");
  });

  it("is a plain field on a site built without a search key", () => {
    const sent = searchApi();
    render(<Harness apiKey="" />);
    expect(box()).not.toHaveAttribute("role");
    type("1200 Frankford");
    key("ArrowDown");
    expect(sent).toHaveLength(0);
  });
});
