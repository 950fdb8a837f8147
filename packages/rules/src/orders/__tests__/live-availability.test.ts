import { PublicAvailabilitySchema } from "../../api/api-views";
import { availabilityChangedSinceBuild, builtAvailability, readOrderingLocations, readPublicAvailability, sameSoldOut, soldOutRefusal, withLiveSoldOut, type LiveSoldOut } from "../live-availability";
import { isItemSoldOut } from "../sold-out";

const live = (items: string[], variations: string[] = [], modifiers: string[] = []): LiveSoldOut => ({ items: new Set(items), variations: new Set(variations), modifiers: new Set(modifiers) });
const reply = { sold_out_items: ["pie"], sold_out_variations: ["fries-large"], sold_out_modifiers: ["bacon"], locations: [{ location_id: "loc-1", paused_until: null, rush_minutes: 0 }], as_of: "2030-06-01T12:00:00.000Z" };

describe("readPublicAvailability: the browser's reader of GET businesses/{id}/availability/", () => {
  it.each<[string, unknown, boolean]>([
    ["the service's reply", reply, true],
    ["nothing sold out", { ...reply, sold_out_items: [], sold_out_variations: [], sold_out_modifiers: [], locations: [] }, true],
    ["null", null, false],
    ["an array", [reply], false],
    ["an HTML error page read as text", "<html>Bad gateway</html>", false],
    ["the lists missing", { locations: [], as_of: reply.as_of }, false],
    ["an id that is not a string", { ...reply, sold_out_items: [42] }, false],
    ["variations not a list", { ...reply, sold_out_variations: "fries-large" }, false],
    ["modifiers missing", { ...reply, sold_out_modifiers: undefined }, false],
    ["a modifier id that is not a string", { ...reply, sold_out_modifiers: [null] }, false],
    ["no as_of", { sold_out_items: [], sold_out_variations: [], sold_out_modifiers: [], locations: [] }, false],
  ])("%s → read: %p, as the zod contract says", (_name, value, readable) => {
    expect(readPublicAvailability(value) !== null).toBe(readable);
    // The reader accepts every reply the contract accepts, and refuses these malformed ones as it does.
    expect(PublicAvailabilitySchema.safeParse(value).success).toBe(readable);
  });

  it("keeps the ids as sets", () => {
    expect(readPublicAvailability(reply)).toEqual(live(["pie"], ["fries-large"], ["bacon"]));
  });
});

describe("readOrderingLocations: the locations taking orders and their pauses", () => {
  it.each<[string, unknown, [string, string | null][] | null]>([
    ["none paused", reply, [["loc-1", null]]],
    [
      "one paused, one not",
      { ...reply, locations: [{ location_id: "loc-1", paused_until: "2030-06-01T08:30:00.000-04:00", rush_minutes: 0 }, { location_id: "loc-2", paused_until: null, rush_minutes: 10 }] },
      [
        ["loc-1", "2030-06-01T08:30:00.000-04:00"],
        ["loc-2", null],
      ],
    ],
    ["a malformed entry is skipped", { ...reply, locations: [null, { location_id: 3, paused_until: "x" }] }, []],
    ["not a reply", "<html>Bad gateway</html>", null],
  ])("%s", (_name, value, expected) => {
    const locations = readOrderingLocations(value);
    expect(locations === null ? null : [...locations]).toEqual(expected);
  });
});

describe("sameSoldOut", () => {
  it.each<[string, LiveSoldOut | null, LiveSoldOut | null, boolean]>([
    ["both unread", null, null, true],
    ["read once, not the other", live([]), null, false],
    ["the same marks in another order", live(["a", "b"], ["v"]), live(["b", "a"], ["v"]), true],
    ["one more item", live(["a"]), live(["a", "b"]), false],
    ["another variation", live([], ["v1"]), live([], ["v2"]), false],
    ["another modifier", live([], [], ["bacon"]), live([], [], ["olives"]), false],
    ["the same modifiers", live([], [], ["bacon", "olives"]), live([], [], ["olives", "bacon"]), true],
  ])("%s → %p", (_name, a, b, same) => {
    expect(sameSoldOut(a, b)).toBe(same);
  });
});

describe("withLiveSoldOut: the live answer only adds marks", () => {
  const item = { available: true, variations: [{ id: "small", available: true }, { id: "large" }] };
  it.each<[string, { available: boolean; variations: { id: string; available?: boolean }[] }, LiveSoldOut | null, boolean, (string | undefined | boolean)[]]>([
    ["not read yet", item, null, false, [true, undefined]],
    ["the item marked", item, live(["pizza"]), true, [true, undefined]],
    ["one variation marked", item, live([], ["large"]), false, [true, false]],
    ["every variation marked", item, live([], ["small", "large"]), true, [false, false]],
    ["another item marked", item, live(["pie"], ["fries-large"]), false, [true, undefined]],
    ["sold out in the build data, nothing live", { available: false, variations: [{ id: "small", available: false }] }, live([]), true, [false]],
  ])("%s", (_name, input, answer, soldOut, variationAvailability) => {
    const result = withLiveSoldOut(input, "pizza", answer);
    expect(isItemSoldOut(result)).toBe(soldOut);
    expect(result.variations.map((variation) => variation.available)).toEqual(variationAvailability);
  });

  it("marks a sold-out modifier in every set that offers it, leaving the item and its variations on sale", () => {
    const pizza = {
      available: true,
      variations: [{ id: "small", available: true }],
      modifierSets: [
        { id: "toppings", modifiers: [{ id: "bacon", available: true }, { id: "olives", available: true }] },
        { id: "extras", modifiers: [{ id: "bacon" }, { id: "basil", available: false }] },
      ],
    };
    const result = withLiveSoldOut(pizza, "pizza", live([], [], ["bacon", "basil"]));
    expect(isItemSoldOut(result)).toBe(false);
    expect(result.modifierSets.map((set) => set.modifiers.map((modifier) => [modifier.id, modifier.available]))).toEqual([
      [["bacon", false], ["olives", true]],
      [["bacon", false], ["basil", false]],
    ]);
    expect(result.modifierSets[0].modifiers[1]).toBe(pizza.modifierSets[0].modifiers[1]);
    expect(withLiveSoldOut(pizza, "pizza", live([], [], ["basil", "truffle"]))).toBe(pizza);
  });

  it("returns the same object when nothing changes, so a store can compare by identity", () => {
    expect(withLiveSoldOut(item, "pizza", live(["pie"], ["other"]))).toBe(item);
    expect(withLiveSoldOut(item, "pizza", live(["pizza"]))).not.toBe(item);
  });
});

describe("soldOutRefusal: the service's 422 in the visitor's words", () => {
  it.each<[string, number, unknown, string | null]>([
    [
      "a sold-out item",
      422,
      { message: "line_items[0].selected_variation.menu_item: Apple Pie is sold out", detail: [{ path: "line_items[0].selected_variation.menu_item", message: "Apple Pie is sold out" }] },
      "Sorry, Apple Pie is sold out. Choose something else.",
    ],
    [
      "a sold-out variation",
      422,
      { message: "line.selected_variation.id: Fries (Large) is sold out", detail: [{ path: "line.selected_variation.id", message: "Fries (Large) is sold out" }] },
      "Sorry, Fries (Large) is sold out. Choose something else.",
    ],
    ["another refusal", 422, { message: "quantity: expected 1–99", detail: [{ path: "quantity", message: "expected 1–99" }] }, null],
    ["a conflict", 409, { message: "x", detail: [{ path: "p", message: "Pie is sold out" }] }, null],
    ["no body", 422, undefined, null],
    ["detail not a list", 422, { message: "m", detail: { code: "x" } }, null],
  ])("%s", (_name, status, body, expected) => {
    expect(soldOutRefusal(status, body)).toBe(expected);
  });
});

describe("availabilityChangedSinceBuild: whether a menu page needs its code to show the live answer", () => {
  const built = builtAvailability({
    menu: {
      items: [
        { id: "pie", available: false, variations: [{ id: "pie-slice", available: true }] },
        { id: "fries", available: true, variations: [{ id: "fries-small", available: true }, { id: "fries-large", available: false }] },
        { id: "soup", available: true, variations: [{ id: "soup-bowl", available: true }] },
      ],
    },
    locations: [
      { id: "loc-1", orderingEnabled: true },
      { id: "loc-2", orderingEnabled: false },
    ],
  });
  const answer = (changes: Record<string, unknown>) => ({ ...reply, sold_out_modifiers: [], ...changes });

  it("reads the build's side from the business data", () => {
    expect(built).toEqual({ soldOutItems: ["pie"], soldOutVariations: ["fries-large"], orderingLocations: ["loc-1"] });
  });

  it.each<[string, unknown, boolean]>([
    ["what the build says (the service counts the data's own marks too)", answer({}), false],
    ["a sold-out modifier (only the item dialog shows it)", answer({ sold_out_modifiers: ["bacon"] }), false],
    ["a pause (Add stays: orders for later)", answer({ locations: [{ location_id: "loc-1", paused_until: "2030-06-01T13:00:00.000-04:00", rush_minutes: 0 }] }), false],
    ["an item sold out since the build", answer({ sold_out_items: ["pie", "soup"] }), true],
    ["a variation sold out since the build", answer({ sold_out_variations: ["fries-large", "fries-small"] }), true],
    ["a location that took orders no longer taking them", answer({ locations: [] }), true],
    ["no answer", null, false],
    ["an error page", "<html>Bad gateway</html>", false],
  ])("%s → %p", (_name, value, changed) => {
    expect(availabilityChangedSinceBuild(value, built)).toBe(changed);
  });
});
