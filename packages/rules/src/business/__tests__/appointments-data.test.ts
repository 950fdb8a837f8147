import { BusinessSchema } from "../schema";
import { validateBusiness } from "../load";

const FILE = "data/x/business.json";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixtures are mutated freely to build bad documents

/** A salon with two locations taking appointments, two timed services and two people who perform them. */
function salon(): Doc {
  return {
    _id: "biz-salon",
    type: "generic",
    name: "Appointment Salon",
    locations: [
      { _id: "loc-a", street: "1 Main Street", city: "Brooklyn", zip: "11217", timezone: "America/New_York", hours: [{ day: 2, open: 1000, close: 1800 }], appointments: { enabled: true } },
      { _id: "loc-b", street: "2 Side Street", city: "Brooklyn", zip: "11249", timezone: "America/New_York", hours: [{ day: 3, open: 900, close: 1700 }], appointments: { enabled: true, stepMinutes: 30, leadMinutes: 120, daysAhead: 30, cancellationHours: 48 } },
    ],
    menu: {
      categories: [{ _id: "cat-color", name: "Colour", items: ["item-balayage"] }],
      items: [
        { _id: "item-balayage", name: "Balayage", variations: [{ _id: "var-balayage", price: 180, durationMinutes: 180 }] },
        { _id: "item-facial", name: "Facial", variations: [{ _id: "var-facial", price: 110, durationMinutes: 50, bufferMinutes: 10 }, { _id: "var-gift", name: "Gift card", price: 50 }] },
      ],
    },
    team: [
      { _id: "tm-maya", name: "Maya", services: ["cat-color"], locations: ["loc-a", "loc-b"], hours: [{ location: "loc-a", day: 2, open: 1000, close: 1800 }, { location: "loc-b", day: 3, open: 900, close: 1300 }], timeOff: ["2026-12-24", { from: "2026-12-28", to: "2027-01-02", label: "Holiday" }] },
      { _id: "tm-lena", name: "Lena", services: ["item-facial"] },
    ],
  };
}

function change(mutate: (doc: Doc) => void): Doc {
  const doc = salon();
  mutate(doc);
  return doc;
}

describe("business data for appointments: good documents", () => {
  it("accepts the salon", () => {
    expect(validateBusiness(salon(), FILE)).toMatchObject({ ok: true });
  });

  const parsed = BusinessSchema.parse(salon());

  it.each<[string, unknown, unknown]>([
    ["a variation's length and buffer", parsed.menu.items[1].variations[0], expect.objectContaining({ durationMinutes: 50, bufferMinutes: 10 })],
    ["no length: not bookable, no buffer", parsed.menu.items[1].variations[1], expect.objectContaining({ durationMinutes: undefined, bufferMinutes: 0 })],
    ["appointment defaults", parsed.locations[0].appointments, { enabled: true, stepMinutes: 15, leadMinutes: 60, daysAhead: 60, cancellationHours: 24 }],
    ["appointment settings as given", parsed.locations[1].appointments, { enabled: true, stepMinutes: 30, leadMinutes: 120, daysAhead: 30, cancellationHours: 48 }],
    ["appointments are off unless enabled", BusinessSchema.parse(change((d) => delete d.locations[0].appointments)).locations[0].appointments.enabled, false],
    ["services and locations become ids", [parsed.team[0].serviceIds, parsed.team[0].locationIds], [["cat-color"], ["loc-a", "loc-b"]]],
    [
      "working hours name their location",
      parsed.team[0].hours,
      [
        { locationId: "loc-a", day: 2, open: 1000, close: 1800 },
        { locationId: "loc-b", day: 3, open: 900, close: 1300 },
      ],
    ],
    [
      "time off: a date is a one-day range",
      parsed.team[0].timeOff,
      [
        { from: "2026-12-24", to: "2026-12-24", label: undefined },
        { from: "2026-12-28", to: "2027-01-02", label: "Holiday" },
      ],
    ],
    ["a range without an end is its first day", BusinessSchema.parse(change((d) => (d.team[0].timeOff = [{ from: "2026-12-24" }]))).team[0].timeOff, [{ from: "2026-12-24", to: "2026-12-24", label: undefined }]],
    ["a member without any of it", [parsed.team[1].locationIds, parsed.team[1].hours, parsed.team[1].timeOff], [[], [], []]],
    ["a shift may end at midnight", BusinessSchema.parse(change((d) => (d.team[0].hours[0] = { location: "loc-a", day: 2, open: 1800, close: 2400 }))).team[0].hours[0].close, 2400],
    ["reservations and appointments in one location", BusinessSchema.parse(change((d) => (d.locations[0].reservations = { enabled: true, capacity: 4 }))).locations[0].reservations.enabled, true],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe("business data for appointments: bad documents give one exact line per problem", () => {
  it.each<[string, () => unknown, string[]]>([
    ["a length of 0", () => change((d) => (d.menu.items[0].variations[0].durationMinutes = 0)), [`${FILE}: menu.items[0].variations[0].durationMinutes: expected a length in whole minutes from 5 to 720, got 0`]],
    ["a length as text", () => change((d) => (d.menu.items[0].variations[0].durationMinutes = "3h")), [`${FILE}: menu.items[0].variations[0].durationMinutes: expected a length in whole minutes from 5 to 720, got "3h"`]],
    ["a buffer without a length", () => change((d) => (d.menu.items[1].variations[1].bufferMinutes = 15)), [`${FILE}: menu.items[1].variations[1].bufferMinutes: expected a durationMinutes with it (a buffer follows a service of known length), got 15`]],
    ["a step of 1 minute", () => change((d) => (d.locations[0].appointments.stepMinutes = 1)), [`${FILE}: locations[0].appointments.stepMinutes: expected whole minutes from 5 to 120, got 1`]],
    ["a negative lead time", () => change((d) => (d.locations[0].appointments.leadMinutes = -30)), [`${FILE}: locations[0].appointments.leadMinutes: expected whole minutes from 0 to 10080, got -30`]],
    ["a misspelled setting", () => change((d) => (d.locations[0].appointments.daysAhed = 10)), [`${FILE}: locations[0].appointments.daysAhed: expected a known field of appointment settings (did you mean "daysAhead"?), got an unknown field`]],
    ["an unknown service id", () => change((d) => d.team[1].services.push("item-nails")), [`${FILE}: team[1].services[1]: expected the id of an entry in menu.items or menu.categories, got "item-nails"`]],
    ["a service named twice", () => change((d) => d.team[1].services.push("item-facial")), [`${FILE}: team[1].services[1]: expected each id only once in this list, got "item-facial"`]],
    ["an unknown location id", () => change((d) => (d.team[0].locations[1] = "loc-z")), [`${FILE}: team[0].locations[1]: expected the id of an entry in locations, got "loc-z"`, `${FILE}: team[0].hours[1].location: expected one of the member's locations ("loc-a", "loc-z"), got "loc-b"`]],
    ["hours at a location the member does not work at", () => change((d) => (d.team[0].locations = ["loc-a"])), [`${FILE}: team[0].hours[1].location: expected one of the member's locations ("loc-a"), got "loc-b"`]],
    ["hours at an unknown location", () => change((d) => (d.team[0].hours[0].location = "loc-z")), [`${FILE}: team[0].hours[0].location: expected the id of an entry in locations, got "loc-z"`]],
    ["hours after 2400", () => change((d) => (d.team[0].hours[0].close = 2500)), [`${FILE}: team[0].hours[0].close: expected a number in HHMM form like 900, got 2500`]],
    ["hours with 60 minutes", () => change((d) => (d.team[0].hours[0].open = 960)), [`${FILE}: team[0].hours[0].open: expected a number in HHMM form like 900, got 960`]],
    ["a shift that ends before it starts", () => change((d) => (d.team[0].hours[0].close = 900)), [`${FILE}: team[0].hours[0].close: expected a time after the start (1000); a working range ends by 2400, got 900`]],
    ["a shift without a location", () => change((d) => delete d.team[0].hours[0].location), [`${FILE}: team[0].hours[0].location: expected an id as non-empty text, got nothing`]],
    ["time off that is not a date", () => change((d) => (d.team[0].timeOff[0] = "Christmas")), [`${FILE}: team[0].timeOff[0]: expected a date like "2026-12-24" or a range like { "from": "2026-12-24", "to": "2026-12-31" }, got "Christmas"`]],
    ["time off that ends before it starts", () => change((d) => (d.team[0].timeOff[1].to = "2026-12-20")), [`${FILE}: team[0].timeOff[1].to: expected a date on or after "from" (2026-12-28), got "2026-12-20"`]],
    [
      "appointments with no service length anywhere",
      () => change((d) => d.menu.items.forEach((item: Doc) => item.variations.forEach((variation: Doc) => (delete variation.durationMinutes, delete variation.bufferMinutes)))),
      [
        `${FILE}: locations[0].appointments.enabled: expected a service variation with a durationMinutes (menu.items[].variations[]) when appointments are enabled, got true`,
        `${FILE}: locations[1].appointments.enabled: expected a service variation with a durationMinutes (menu.items[].variations[]) when appointments are enabled, got true`,
      ],
    ],
    [
      "appointments where nobody performs anything",
      () => change((d) => ((d.team[1].locations = ["loc-a"]), (d.team[0].hours = d.team[0].hours.slice(0, 1)))),
      [`${FILE}: locations[1].appointments.enabled: expected a shown team member who works here (team[].locations, team[].hours) and performs a service with a durationMinutes (team[].services) when appointments are enabled, got true`],
    ],
    [
      "a hidden member does not staff a location",
      () => change((d) => ((d.team[0].show = false), (d.team[1].locations = ["loc-b"]))),
      [`${FILE}: locations[0].appointments.enabled: expected a shown team member who works here (team[].locations, team[].hours) and performs a service with a durationMinutes (team[].services) when appointments are enabled, got true`],
    ],
  ])("%s", (_name, build, expected) => {
    expect(validateBusiness(build(), FILE)).toEqual({ ok: false, problems: expected });
  });
});
