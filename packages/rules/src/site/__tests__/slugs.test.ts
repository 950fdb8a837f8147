import { locationSlugSource, NOT_A_STRING_MESSAGE, toSlug, uniqueSlugs } from "../slugs";

describe("toSlug", () => {
  it.each<[string, string]>([
    ["Haircuts", "haircuts"],
    ["  Haircuts  ", "haircuts"],
    ["Women's Haircut", "womens-haircut"],
    ["José Núñez", "jose-nunez"],
    ["Ærø Straße", "aero-strasse"],
    ["Crème Brûlée", "creme-brulee"],
    ["Łódź", "lodz"],
    ["Cut & Colour", "cut-colour"],
    ["Cut - Colour", "cut---colour"],
    ["Wedding-Day Hair", "wedding-day-hair"],
    ["Kids' Cut (12 and under)", "kids-cut-12-and-under"],
    ["services/haircuts", "services/haircuts"],
    ["Nails ✨", "nails"],
    ["snake_case_name", "snakecasename"],
    ["tabs\tand\nnewlines", "tabs-and-newlines"],
    ["50% off!", "50-off"],
    ["美容 Salon", "美容-salon"],
    ["x²", "x"],
    ["!!!", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(toSlug(input)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["an object", { name: "x" }],
    ["a String object", Object("x")],
  ])("throws for %s", (_name, value) => {
    expect(() => toSlug(value)).toThrow(new TypeError(NOT_A_STRING_MESSAGE));
    expect(NOT_A_STRING_MESSAGE).toBe("The provided value must be a string.");
  });

  it("is idempotent on its own output", () => {
    for (const name of ["José Núñez", "Cut & Colour", "a/b c", "Ærø"]) {
      expect(toSlug(toSlug(name))).toBe(toSlug(name));
    }
  });
});

describe("uniqueSlugs", () => {
  it.each<[string[], string[]]>([
    [["Color", "Cuts"], ["color", "cuts"]],
    [["Treatments", "Treatments"], ["treatments", "treatments-2"]],
    [["A", "a", " A "], ["a", "a-2", "a-3"]],
    [["José", "Jose"], ["jose", "jose-2"]],
    [["Color", "Color", "Color 2"], ["color", "color-2", "color-2-2"]],
    [["Color 2", "Color", "Color"], ["color-2", "color", "color-3"]],
    [["!!!", "Cuts", "???"], ["", "cuts", ""]],
    [[], []],
  ])("%j → %j", (names, expected) => {
    expect(uniqueSlugs(names)).toEqual(expected);
  });
});

describe("location slugs (the page plan's: each location's source words, made unique)", () => {
  const carrow = { city: "Brooklyn", street: "418 Carrow Street" };
  const halden = { city: "Brooklyn", street: "92 Halden Avenue" };
  const lakeview = { name: "Luma Lakeview", city: "Chicago", street: "2816 North Wrenfield Avenue" };

  it.each<[string, { name?: string; city: string; street: string }[], string[]]>([
    ["the name wins", [lakeview], ["luma-lakeview"]],
    ["else the city", [{ city: "Chicago", street: "1 Main Street" }], ["chicago"]],
    ["city plus street when several share the city", [carrow, halden, lakeview], ["brooklyn-418-carrow-street", "brooklyn-92-halden-avenue", "luma-lakeview"]],
    ["a named location still counts as sharing the city", [{ name: "Downtown", city: "Brooklyn", street: "1 A St" }, carrow], ["downtown", "brooklyn-418-carrow-street"]],
    ["city comparison ignores case and spacing", [{ city: "Brooklyn", street: "1 A St" }, { city: " brooklyn ", street: "2 B St" }], ["brooklyn-1-a-st", "brooklyn-2-b-st"]],
    ["equal names are suffixed by position", [{ name: "Studio", city: "A", street: "1" }, { name: "Studio", city: "B", street: "2" }], ["studio", "studio-2"]],
    ["a name that slugs to nothing falls back to the city", [{ name: "★", city: "Austin", street: "1 Congress Ave" }], ["austin"]],
    ["accents in cities", [{ city: "Montréal", street: "1 Rue" }], ["montreal"]],
  ])("%s", (_name, locations, expected) => {
    expect(uniqueSlugs(locations.map((location) => locationSlugSource(location, locations)))).toEqual(expected);
  });

  it("names the words the slug came from", () => {
    expect(locationSlugSource(carrow, [carrow, halden])).toBe("Brooklyn 418 Carrow Street");
    expect(locationSlugSource(lakeview, [carrow, lakeview])).toBe("Luma Lakeview");
  });
});
