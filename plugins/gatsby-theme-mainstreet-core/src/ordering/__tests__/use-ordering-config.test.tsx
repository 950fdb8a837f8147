import { orderingConfigFrom } from "../use-ordering-config";
import { orderingQuery } from "./ordering-fixtures";

type Query = Parameters<typeof orderingConfigFrom>[0];
const query = (name: "restaurant" | "merchant" | "salon") => orderingQuery(name).data as unknown as Query;

describe("orderingConfigFrom", () => {
  it.each<["restaurant" | "merchant" | "salon", boolean]>([
    ["restaurant", true],
    ["merchant", true],
    ["salon", false],
  ])("%s takes orders: %s", (name, takes) => {
    expect(orderingConfigFrom(query(name)) !== null).toBe(takes);
  });

  it.each<[string, unknown]>([
    ["no data (a test or a page without the query)", undefined],
    ["a query answer of another shape", { mainstreetBusiness: { businessId: "x", type: "generic" } }],
    ["ordering on but no location takes orders", { ...query("restaurant"), allMainstreetLocation: { nodes: [] } }],
  ])("is null for %s", (_label, data) => {
    expect(orderingConfigFrom(data as Query)).toBeNull();
  });

  it("lists only the locations that take orders, the menu page, and each item's modifier sets with their modifiers", () => {
    const config = orderingConfigFrom(query("restaurant"))!;
    expect(config.locations.map((location) => location.locationId)).toEqual(["loc-fishtown", expect.any(String)]);
    expect(config.menuPath).toBe("/menu/");
    expect(config.modifierSetsOf("item-pomodoro").map((set) => [set.name, set.minAllowed, set.maxAllowed, set.modifiers.length])).toEqual([
      ["Choose your pasta shape", 1, 1, 3],
      ["Gluten-free pasta", 0, 1, 1],
    ]);
    expect(config.modifierSetsOf("item-tiramisu")).toEqual([]);
  });
});
