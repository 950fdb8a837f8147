import { appointmentChoice, performedItemIds, staffFor } from "../staff";

const categories = [
  { id: "cat-color", itemIds: ["item-balayage", "item-gloss"] },
  { id: "cat-cuts", itemIds: ["item-cut"] },
];
const member = (id: string, serviceIds: string[], locationIds: string[] = [], extra: { show?: boolean; order?: number } = {}) => ({ id, serviceIds, locationIds, show: extra.show ?? true, order: extra.order ?? 0 });
const team = [
  member("maya", ["cat-color"], ["loc-a", "loc-b"], { order: 2 }),
  member("jose", ["item-cut", "item-balayage"], ["loc-a"], { order: 1 }),
  member("theo", ["item-cut"]),
  member("ava", ["cat-color"], [], { show: false }),
];

describe("who performs what, where", () => {
  it.each<[string, string[], string[]]>([
    ["a category stands for its items", ["cat-color"], ["cat-color", "item-balayage", "item-gloss"]],
    ["items and categories together", ["item-cut", "cat-color"], ["item-cut", "cat-color", "item-balayage", "item-gloss"]],
    ["nothing", [], []],
  ])("performedItemIds: %s", (_name, serviceIds, expected) => {
    expect([...performedItemIds({ serviceIds }, categories)]).toEqual(expected);
  });

  it.each<[string, string, string, string[]]>([
    ["by category or item, in the team's order (order, then the data's)", "loc-a", "item-balayage", ["jose", "maya"]],
    ["only those who work at the location", "loc-b", "item-balayage", ["maya"]],
    ["no locations named: every location", "loc-c", "item-cut", ["theo"]],
    ["a hidden member is never booked", "loc-c", "item-gloss", []],
  ])("staffFor: %s", (_name, locationId, itemId, expected) => {
    expect(staffFor(team, categories, locationId, itemId).map((entry) => entry.id)).toEqual(expected);
  });
});

describe("appointmentChoice: what a booking request names", () => {
  const business = {
    locations: [
      { id: "loc-a", appointments: { enabled: true } },
      { id: "loc-b", appointments: { enabled: false } },
      { id: "loc-c", appointments: { enabled: true } },
    ],
    menu: {
      categories,
      items: [
        { id: "item-balayage", visible: true, available: true, variations: [{ id: "var-balayage", available: true, durationMinutes: 180, bufferMinutes: 0 }] },
        { id: "item-gloss", visible: true, available: true, variations: [{ id: "var-gloss", available: true, bufferMinutes: 0 }, { id: "var-gloss-gone", available: false, durationMinutes: 30, bufferMinutes: 0 }] },
        { id: "item-cut", visible: false, available: true, variations: [{ id: "var-cut", available: true, durationMinutes: 45, bufferMinutes: 0 }] },
      ],
    },
    team,
  };
  const choose = (locationId: string, variationId: string, staffId: string) => {
    const choice = appointmentChoice(business, { locationId, variationId, staffId });
    return choice.ok ? { staff: choice.staff.map((entry) => entry.id), durationMinutes: choice.variation.durationMinutes } : { [choice.field]: choice.message };
  };

  it.each<[string, [string, string, string], unknown]>([
    ["any: everyone who performs it there", ["loc-a", "var-balayage", "any"], { staff: ["jose", "maya"], durationMinutes: 180 }],
    ["one person", ["loc-a", "var-balayage", "maya"], { staff: ["maya"], durationMinutes: 180 }],
    ["a location without appointments", ["loc-b", "var-balayage", "any"], { location_id: "expected a location of the business that takes appointments" }],
    ["an unknown location", ["loc-z", "var-balayage", "any"], { location_id: "expected a location of the business that takes appointments" }],
    ["a variation without a length", ["loc-a", "var-gloss", "any"], { variation_id: "expected a service variation with a length that can be booked" }],
    ["a sold-out variation", ["loc-a", "var-gloss-gone", "any"], { variation_id: "expected a service variation with a length that can be booked" }],
    ["a hidden item", ["loc-a", "var-cut", "any"], { variation_id: "expected a service variation with a length that can be booked" }],
    ["any where nobody performs it", ["loc-c", "var-balayage", "any"], { staff_id: "expected a service someone performs at this location" }],
    ["a person who does not perform it", ["loc-a", "var-balayage", "theo"], { staff_id: 'expected a team member who performs this service at this location, or "any"' }],
    ["a hidden person", ["loc-a", "var-balayage", "ava"], { staff_id: 'expected a team member who performs this service at this location, or "any"' }],
  ])("%s", (_name, [locationId, variationId, staffId], expected) => {
    expect(choose(locationId, variationId, staffId)).toEqual(expected);
  });
});
