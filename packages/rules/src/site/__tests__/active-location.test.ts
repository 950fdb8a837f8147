import { chooseActiveLocation } from "../active-location";

const locations = [
  { id: "a", primaryLocation: false },
  { id: "b", primaryLocation: true },
  { id: "c", primaryLocation: false },
];

describe("chooseActiveLocation", () => {
  it.each<[string, Parameters<typeof chooseActiveLocation>[1], string | undefined]>([
    ["primary when nothing is chosen", {}, "b"],
    ["the stored choice", { storedId: "c" }, "c"],
    ["the stored choice over the default", { storedId: "c", defaultId: "a" }, "c"],
    ["the default when nothing is stored", { defaultId: "a" }, "a"],
    ["a stored id that no longer exists falls back to the default", { storedId: "gone", defaultId: "a" }, "a"],
    ["an unknown default falls back to primary", { defaultId: "gone" }, "b"],
  ])("%s", (_name, options, expected) => {
    expect(chooseActiveLocation(locations, options)?.id).toBe(expected);
  });

  it.each([
    [[{ id: "x" }, { id: "y" }], "x"],
    [[], undefined],
  ])("falls back to the first location (%#)", (list, expected) => {
    expect(chooseActiveLocation(list)?.id).toBe(expected);
  });
});
