import { mapsEmbedUrl, mapsQuery, mapsSearchUrl } from "../maps";

const glow = { name: "Glow & Co", street: "12 Main St", city: "Springfield", state: "IL", zip: "62701" };

describe("maps urls (SPEC §2, §7)", () => {
  it.each<[string, Parameters<typeof mapsQuery>[0], string | null]>([
    ["name and address", glow, "Glow & Co, 12 Main St, Springfield, IL 62701"],
    ["address only", { street: "12 Main St", city: "Springfield" }, "12 Main St, Springfield"],
    ["a name without an address finds nothing useful", { name: "Glow" }, null],
    ["nothing", {}, null],
  ])("query: %s", (_name, input, expected) => {
    expect(mapsQuery(input)).toBe(expected);
  });

  it("search url encodes the query", () => {
    const url = mapsSearchUrl(glow) as string;
    expect(url).toBe("https://www.google.com/maps/search/?api=1&query=Glow+%26+Co%2C+12+Main+St%2C+Springfield%2C+IL+62701");
    expect(new URL(url).searchParams.get("query")).toBe("Glow & Co, 12 Main St, Springfield, IL 62701");
  });

  it.each<[string, Parameters<typeof mapsEmbedUrl>[0], string | null | undefined, string | null]>([
    ["with a key", glow, "pk_123", "https://www.google.com/maps/embed/v1/place?key=pk_123&q=Glow+%26+Co%2C+12+Main+St%2C+Springfield%2C+IL+62701"],
    ["without a key", glow, "", null],
    ["with a null key", glow, null, null],
    ["without an address", { name: "Glow" }, "pk_123", null],
  ])("embed url: %s", (_name, input, key, expected) => {
    expect(mapsEmbedUrl(input, key)).toBe(expected);
  });

  it("search url is null without an address", () => {
    expect(mapsSearchUrl({ name: "Glow" })).toBeNull();
  });
});
