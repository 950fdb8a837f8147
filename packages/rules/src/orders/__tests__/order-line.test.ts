import { lineDescription } from "../order-line";
import type { OrderLineView } from "../../api/order-api";
import { line } from "./order-view-fixtures";

describe("lineDescription", () => {
  it.each<[string, OrderLineView, string]>([
    ["variation and modifiers", line(), "12-inch · nduja"],
    ["no modifiers", line({ selected_modifiers: [] }), "12-inch"],
    ["unnamed variation", line({ selected_variation: { id: "v", menu_item: "i", name: "", price_cents: 1 } }), "nduja"],
  ])("%s", (_label, input, text) => {
    expect(lineDescription(input)).toBe(text);
  });
});

