import { createIdempotencyKey, honoursIdempotencyKey, isIdempotencyKey } from "../idempotency";

describe("honoursIdempotencyKey (which calls the service makes safe to retry)", () => {
  it.each<[string, string, boolean]>([
    ["POST", "orders/", true],
    ["POST", "orders/6f9c/items/", true],
    ["PUT", "orders/6f9c/fulfillments/", true],
    ["PATCH", "orders/items/1b2c/", true],
    ["DELETE", "orders/items/1b2c/", true],
    ["POST", "/orders/6f9c/adjustments/", true],
    ["POST", "checkouts/", true],
    ["post", "checkouts/9a/close/", true],
    ["GET", "orders/6f9c/", false],
    ["GET", "orders/6f9c/fulfillment-slots/", false],
    ["POST", "events/website/", false],
    ["POST", "businesses/restaurants/x/locations/y/email/", false],
    ["POST", "fulfillments/address-validation/", false],
    ["POST", "reservations/R-ABCD-EFGH/cancel/", false],
    ["POST", "manage/orders/6f9c/status/", true],
    ["POST", "/manage/orders/6f9c/status/", true],
    ["GET", "manage/orders/", false],
    ["POST", "manage/session/", false],
    ["PUT", "manage/kitchen/loc-1/", false],
    ["POST", "manage/reservations/6f9c/status/", false],
    ["POST", "appointments/", true],
    ["POST", "appointments/A-ABCD-EFGH/move/", true],
    ["GET", "appointments/availability/", false],
    ["GET", "appointments/A-ABCD-EFGH/", false],
    ["POST", "manage/appointments/", true],
    ["POST", "manage/appointments/6f9c/cancel/", true],
    ["DELETE", "manage/appointment-blocks/6f9c/", true],
    ["GET", "manage/appointments/", false],
  ])("%s %s → %p", (method, path, expected) => {
    expect(honoursIdempotencyKey(method, path)).toBe(expected);
  });
});

describe("idempotency keys", () => {
  it.each<[unknown, boolean]>([
    ["0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b", true],
    ["a".repeat(16), true],
    ["a".repeat(255), true],
    ["a".repeat(15), false],
    ["a".repeat(256), false],
    ["has a space in it!", false],
    ["tab\there-123456789", false],
    ["ключ-ключ-ключ-ключ", false],
    [42, false],
    [undefined, false],
  ])("isIdempotencyKey(%p) → %p", (value, expected) => {
    expect(isIdempotencyKey(value)).toBe(expected);
  });

  it("makes a fresh valid key each time, from the random source", () => {
    const keys = new Set(Array.from({ length: 50 }, () => createIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isIdempotencyKey(key)).toBe(true);
    expect(createIdempotencyKey({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array })).toBe("0".repeat(32));
  });

  it("refuses to make one without a cryptographic source", () => {
    expect(() => createIdempotencyKey(null)).toThrow("createIdempotencyKey: expected globalThis.crypto.getRandomValues");
  });
});
