import { validateBusiness } from "../load";
import { businessChanges, changeSentence, type Change } from "../revision-summary";
import type { Business } from "../schema";

type Doc = Record<string, unknown> & { locations: Record<string, unknown>[]; menu: { items: Record<string, unknown>[] }; team: Record<string, unknown>[] };

function parse(document: unknown): Business {
  const result = validateBusiness(document, "data/x/business.json");
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.business;
}

/** A revision's summary, as the service writes it: every change, then the sentence. */
const revisionSummary = (before: Business, after: Business) => changeSentence(businessChanges(before, after));

const hours = (open: number) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open, close: 2200 }));

/** A restaurant with two locations, two dishes and a cook: each case edits a copy. */
function base(): Doc {
  return {
    _id: "vela",
    type: "restaurant",
    name: "Osteria Vela",
    locations: [
      { _id: "loc-old-city", name: "Vela Old City", street: "1 Market St", city: "Philadelphia", state: "PA", zip: "19106", timezone: "America/New_York", hours: hours(1100) },
      { _id: "loc-fishtown", name: "Vela Fishtown", street: "9 Girard Ave", city: "Philadelphia", state: "PA", zip: "19125", timezone: "America/New_York", hours: hours(1200) },
    ],
    menu: {
      items: [
        { _id: "margherita", name: "Margherita", variations: [{ _id: "margherita-12", price: 14 }] },
        { _id: "burrata", name: "Burrata", description: "With tomatoes", variations: [{ _id: "burrata-1", price: "12.50" }] },
      ],
    },
    team: [{ _id: "rosa", name: "Rosa Conti" }],
  };
}

type Edit = (doc: Doc) => void;

const cases: [string, Edit, string][] = [
  ["nothing", () => undefined, "No changes"],
  ["the same price written another way", (doc) => void (doc.menu.items[1].variations = [{ _id: "burrata-1", price: 12.5 }]), "No changes"],
  ["a price", (doc) => void (doc.menu.items[0].variations = [{ _id: "margherita-12", price: 15 }]), "Changed the price of Margherita"],
  [
    "a price and Tuesday's hours",
    (doc) => {
      doc.menu.items[0].variations = [{ _id: "margherita-12", price: 15 }];
      (doc.locations[1].hours as { day: number; open: number }[])[1].open = 1300;
    },
    "Changed Tuesday's hours at Vela Fishtown and the price of Margherita",
  ],
  [
    "four changes: two named, the rest counted",
    (doc) => {
      doc.name = "Vela";
      doc.menu.items[0].variations = [{ _id: "margherita-12", price: 15 }];
      (doc.locations[1].hours as { day: number; open: number }[])[1].open = 1300;
      doc.menu.items[1].description = "With peaches";
    },
    "Changed the business name, Tuesday's hours at Vela Fishtown and 2 more",
  ],
  ["a new dish", (doc) => void doc.menu.items.push({ _id: "calzone", name: "Calzone", variations: [{ _id: "calzone-1", price: 16 }] }), "Added Calzone"],
  [
    "a dish removed and a price changed: each keeps its verb",
    (doc) => {
      doc.menu.items.pop();
      doc.menu.items[0].variations = [{ _id: "margherita-12", price: 15 }];
    },
    "Changed the price of Margherita and removed Burrata",
  ],
  ["a dish hidden", (doc) => void (doc.menu.items[1].visible = false), "Hid Burrata"],
  ["a dish renamed", (doc) => void (doc.menu.items[0].name = "Pizza Margherita"), "Renamed Margherita to Pizza Margherita"],
  ["a holiday closure", (doc) => void (doc.locations[0].specialHours = [{ date: "2030-12-25", closed: true }]), "Changed the special hours at Vela Old City"],
  ["a location's phone", (doc) => void (doc.locations[0].phone = "(215) 555-0100"), "Changed the details of Vela Old City"],
  ["a cook hidden", (doc) => void (doc.team[0].show = false), "Hid Rosa Conti"],
  ["a cook's bio", (doc) => void (doc.team[0].bio = "Born in Naples."), "Changed Rosa Conti's profile"],
  ["the announcement", (doc) => void (doc.announcement = { title: "Closed on Monday", text: "For a private event.", settings: { referenceId: "closed-monday" } }), "Changed the announcement"],
];

describe("changeSentence(businessChanges(before, after))", () => {
  it.each(cases)("%s", (_name, edit, summary) => {
    const after = base();
    edit(after);
    expect(revisionSummary(parse(base()), parse(after))).toBe(summary);
  });
});

describe("changeSentence", () => {
  const change = (verb: Change["verb"], what: string): Change => ({ verb, what });
  it.each<[Change[], string]>([
    [[], "No changes"],
    [[change("Added", "Calzone")], "Added Calzone"],
    [[change("Added", "Calzone"), change("Added", "Burrata")], "Added Calzone and Burrata"],
    [[change("Added", "Calzone"), change("Removed", "Burrata"), change("Added", "Tiramisu")], "Added Calzone, removed Burrata and added Tiramisu"],
    [[change("Changed", "a"), change("Changed", "b"), change("Changed", "c"), change("Changed", "d"), change("Changed", "e")], "Changed a, b and 3 more"],
  ])("%j → %s", (changes, sentence) => {
    expect(changeSentence(changes)).toBe(sentence);
  });

  it("names changes in the document's order: business fields, locations, menu, team", () => {
    const after = base();
    after.team[0].show = false;
    after.menu.items[0].variations = [{ _id: "margherita-12", price: 15 }];
    after.name = "Vela";
    expect(businessChanges(parse(base()), parse(after)).map((entry) => entry.what)).toEqual(["the business name", "the price of Margherita", "Rosa Conti"]);
  });
});
