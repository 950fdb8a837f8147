import type { OrderLineView, OrderView } from "../order-api";

/** An order line and an order as the service returns them, shared by the cart and cart-storage rule tests. */
export const line = (overrides: Partial<OrderLineView> = {}): OrderLineView => ({
  id: "line-1",
  menu_item: "item-pizza",
  name: "Pizza",
  selected_variation: { id: "var-12", menu_item: "item-pizza", name: "12-inch", price_cents: 1600 },
  selected_modifiers: [{ id: "mod-nduja", name: "nduja", price_cents: 300, modifier_set_id: "set-top" }],
  special_instructions: "well done",
  quantity: 2,
  unit_price_cents: 1900,
  total_price_cents: 3800,
  ...overrides,
});

export const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  id: "6f9c1f7e-4a59-4d8b-9d3c-2b1f9c6d7e10",
  number: "6F9C1F7E",
  status: "open",
  business_id: "osteria",
  merchant_product: "prod-osteria",
  merchant_location: "loc-a",
  location_name: "Vela",
  currency: "USD",
  line_items: [line()],
  customer: null,
  recipient: null,
  fulfillment: null,
  attributes: null,
  payment_source: null,
  adjustments: [],
  totals: { subtotal_cents: 3800, tax_cents: 304, tip_cents: 0, delivery_fee_cents: 0, total_cents: 4104 },
  totals_frozen: false,
  checkout: null,
  location_time_zone: "America/New_York",
  scheduled_for: null,
  promised_at: null,
  promised_until: null,
  created_at: "2030-06-04T18:00:00.000Z",
  updated_at: "2030-06-04T18:00:00.000Z",
  placed_at: null,
  ...overrides,
});
