import { readFileSync } from "node:fs";
import { SiteFactsReplySchema, StoredFactsSchema, type StoredFacts } from "../../api/site-facts-api";
import { validateBusiness } from "../load";
import { CLOSED_TODAY_LABEL, dateIn, documentWithClosure, factsReplyAt, factsWithClosure, storedFactsOf } from "../site-facts";

const salonText = readFileSync("data/salon/business.json", "utf8");
const salon = () => JSON.parse(salonText) as Record<string, unknown>;
const business = (document: Record<string, unknown>) => {
  const checked = validateBusiness(document, "business.json");
  if (!checked.ok) throw new Error(checked.problems.join("\n"));
  return checked.business;
};

describe("dateIn", () => {
  it.each([
    ["2030-06-05T03:30:00Z", "America/New_York", "2030-06-04"],
    ["2030-06-05T03:30:00Z", "Europe/Berlin", "2030-06-05"],
    ["2030-06-04T23:30:00Z", "Pacific/Auckland", "2030-06-05"],
    ["2030-06-04T11:00:00Z", "Pacific/Pago_Pago", "2030-06-04"],
  ])("%s in %s → %s", (at, zone, date) => {
    expect(dateIn(zone, new Date(at))).toBe(date);
  });
});

describe("storedFactsOf and factsReplyAt", () => {
  const stored = storedFactsOf(business(salon()), 4);

  it("keeps every location with its hours and zone, as the stored schema says", () => {
    expect(StoredFactsSchema.parse(stored)).toEqual(stored);
    expect(stored.revision).toBe(4);
    expect(stored.locations.length).toBe(business(salon()).locations.length);
  });

  it.each([
    ["the day before today is kept, the day before that is not", "2030-06-05T12:00:00Z", ["2030-06-04", "2030-06-19"], ["2030-06-03", "2030-06-20"]],
    ["the location's date decides, not UTC's (late evening in New York)", "2030-06-05T02:00:00Z", ["2030-06-03", "2030-06-18"], ["2030-06-02", "2030-06-19"]],
  ])("%s", (_name, now, kept, dropped) => {
    const dates = ["2030-06-02", "2030-06-03", "2030-06-04", "2030-06-18", "2030-06-19", "2030-06-20"];
    const facts: StoredFacts = {
      ...stored,
      locations: [{ ...stored.locations[0], timezone: "America/New_York", special_hours: dates.map((date) => ({ date, closed: true, open: null, close: null })) }],
    };
    const answered = factsReplyAt(facts, new Date(now)).locations[0].special_hours.map((entry) => entry.date);
    expect(SiteFactsReplySchema.safeParse(factsReplyAt(facts, new Date(now))).success).toBe(true);
    for (const date of kept) expect(answered).toContain(date);
    for (const date of dropped) expect(answered).not.toContain(date);
  });
});

describe("closing today", () => {
  const document = salon();
  const locationId = business(document).locations[0].id;

  it.each([
    ["closed: today's other special hours give way to the closure", true, [{ date: "2030-06-04", open: 1000, close: 1200 }], [{ date: "2030-06-04", closed: true, label: CLOSED_TODAY_LABEL }]],
    ["open again: the closure goes, changed hours of another date stay", false, [{ date: "2030-06-04", closed: true }, { date: "2030-06-05", open: 1000, close: 1200 }], [{ date: "2030-06-05", open: 1000, close: 1200 }]],
    ["open again: changed hours of today stay", false, [{ date: "2030-06-04", open: 1000, close: 1200 }], [{ date: "2030-06-04", open: 1000, close: 1200 }]],
  ])("the data file, %s", (_name, closed, before, after) => {
    const locations = (document.locations as Record<string, unknown>[]).map((location, index) => (index === 0 ? { ...location, specialHours: before } : location));
    const edited = documentWithClosure({ ...document, locations }, 0, "2030-06-04", closed);
    expect((edited.locations as Record<string, unknown>[])[0].specialHours).toEqual(after);
    expect((edited.locations as Record<string, unknown>[]).slice(1)).toEqual(locations.slice(1));
    expect(validateBusiness(edited, "business.json").ok).toBe(true);
  });

  it("the facts change that location's date only", () => {
    const stored = storedFactsOf(business(document), 2);
    const closed = factsWithClosure(stored, locationId, "2030-06-04", true, 3);
    expect(closed.revision).toBe(3);
    expect(closed.locations[0].special_hours).toContainEqual({ date: "2030-06-04", closed: true, open: null, close: null, label: CLOSED_TODAY_LABEL });
    expect(closed.locations.slice(1)).toEqual(stored.locations.slice(1));
    expect(closed.announcement).toEqual(stored.announcement);
    const reopened = factsWithClosure(closed, locationId, "2030-06-04", false, 4);
    expect(reopened.locations[0].special_hours).toEqual(stored.locations[0].special_hours);
  });
});
