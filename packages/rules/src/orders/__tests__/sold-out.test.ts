import { isItemSoldOut, isVariationSoldOut } from "../sold-out";

describe("sold out", () => {
  it.each<[string, Parameters<typeof isItemSoldOut>[0], boolean]>([
    ["an orderable item", { available: true, variations: [{ available: true }, {}] }, false],
    ["an item marked unavailable", { available: false, variations: [{ available: true }] }, true],
    ["one variation sold out: the others stay orderable", { available: true, variations: [{ available: false }, { available: true }] }, false],
    ["every variation sold out", { available: true, variations: [{ available: false }, { available: false }] }, true],
    ["no variations (nothing to sell, but not sold out: there is no Add either)", { available: true, variations: [] }, false],
    ["availability not said means available", { variations: [{ available: null }] }, false],
  ])("%s → %s", (_label, item, soldOut) => {
    expect(isItemSoldOut(item)).toBe(soldOut);
  });

  it.each<[Parameters<typeof isVariationSoldOut>[0], boolean]>([
    [{ available: false }, true],
    [{ available: true }, false],
    [{}, false],
  ])("variation %j → %s", (variation, soldOut) => {
    expect(isVariationSoldOut(variation)).toBe(soldOut);
  });
});
