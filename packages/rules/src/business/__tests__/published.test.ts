import path from "node:path";
import { loadBusinessFile, validateBusiness } from "../load";
import { publishedBusiness } from "../published";
import type { Business } from "../schema";

const ROOT = path.resolve(__dirname, "../../../../..");

function parse(document: unknown): Business {
  const result = validateBusiness(document, "data/x/business.json");
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.business;
}

const document = {
  _id: "biz-1",
  type: "generic",
  name: "Test Salon",
  bookingUrl: "https://book.example.com/test",
  locations: [{ _id: "loc-1", street: "1 Main Street", city: "Springfield", state: "IL", zip: "62701", timezone: "America/Chicago", hours: [] }],
  menu: {
    categories: [
      {
        _id: "cat-1",
        name: "Cuts",
        items: ["shown", "hidden"],
        interactions: [
          { id: "ix-on", label: "Book", behaviorType: "BOOKING" },
          { id: "ix-off", label: "Call", behaviorType: "PHONE", url: "tel:+12175550100", enabled: false },
        ],
      },
    ],
    items: [
      { _id: "shown", name: "Haircut", variations: [{ _id: "v1", price: 45 }], interactions: [{ id: "ix-item-off", label: "Book", behaviorType: "BOOKING", enabled: false }] },
      { _id: "hidden", name: "Colour Correction", visible: false, variations: [{ _id: "v2", price: 180 }] },
      { _id: "sold-out", name: "Fringe", available: false, variations: [{ _id: "v3", price: 12 }] },
    ],
  },
  team: [
    { _id: "m1", name: "Maya Okafor" },
    { _id: "m2", name: "Former Stylist", show: false },
  ],
};

describe("publishedBusiness", () => {
  const published = publishedBusiness(parse(document));

  it.each<[string, () => unknown, unknown]>([
    ["hidden items are gone", () => published.menu.items.map((item) => item.id), ["shown", "sold-out"]],
    ["categories no longer name hidden items", () => published.menu.categories[0].itemIds, ["shown"]],
    ["sold-out items stay (they keep their page)", () => published.menu.items.some((item) => item.id === "sold-out"), true],
    ["hidden members are gone", () => published.team.map((member) => member.id), ["m1"]],
    ["disabled category interactions are gone", () => published.menu.categories[0].interactions.map((ix) => ix.id), ["ix-on"]],
    ["disabled item interactions are gone", () => published.menu.items[0].interactions.map((ix) => ix.id), []],
  ])("%s", (_, read, expected) => {
    expect(read()).toEqual(expected);
  });

  it("leaves the loaded business untouched (the service still prices from the whole data)", () => {
    const business = parse(document);
    publishedBusiness(business);
    expect(business.menu.items).toHaveLength(3);
    expect(business.team).toHaveLength(2);
  });

  it.each(["salon", "restaurant", "merchant"])("the %s sample publishes none of its hidden records", (sample) => {
    const result = loadBusinessFile(path.join(ROOT, "data", sample, "business.json"));
    if (!result.ok) throw new Error(result.problems.join("\n"));
    const hidden = result.business.menu.items.filter((item) => !item.visible).map((item) => item.name);
    expect(hidden.length).toBeGreaterThan(0);
    const text = JSON.stringify(publishedBusiness(result.business));
    expect(hidden.filter((name) => text.includes(name))).toEqual([]);
  });
});
