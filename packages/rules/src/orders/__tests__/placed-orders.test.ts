import { MAX_REMEMBERED_ORDERS, parsePlacedOrders, placedOrdersKey, rememberPlacedOrder } from "../placed-orders";

describe("placed orders", () => {
  it("are kept under one key per site", () => {
    expect(placedOrdersKey("osteria-vela")).toBe("mainstreet:osteria-vela:placed-orders");
  });

  const ref = (n: number) => ({ orderId: `order-${n}`, token: "0123456789abcdef0123456789abcdef", number: `N${n}` });

  it("keeps the newest first, without duplicates, capped", () => {
    let list = [ref(1), ref(2)];
    list = rememberPlacedOrder(list, ref(2));
    expect(list.map((entry) => entry.orderId)).toEqual(["order-2", "order-1"]);
    for (let n = 3; n < 20; n += 1) list = rememberPlacedOrder(list, ref(n));
    expect(list).toHaveLength(MAX_REMEMBERED_ORDERS);
    expect(list[0].orderId).toBe("order-19");
  });

  it.each<[unknown, number]>([
    [[ref(1)], 1],
    [[ref(1), { orderId: "x", token: "bad", number: "N" }], 1],
    ["not a list", 0],
  ])("parses %j to %i entries", (value, count) => {
    expect(parsePlacedOrders(value)).toHaveLength(count);
  });
});

