import { SiteFactsReplySchema } from "../../api/site-facts-api";
import { inFactsWindow, mergeLiveHours, readSiteFacts, sameHours, type HoursFacts, type LiveLocationFacts } from "../live-facts";

const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: 900, close: 1700 }));
const location = { id: "loc-a", timezone: "America/New_York", hours: week, special_hours: [{ date: "2030-06-04", closed: true, open: null, close: null, label: "Closed today" }] };

describe("readSiteFacts accepts what the reply schema accepts", () => {
  it.each([
    ["a full reply", { revision: 3, locations: [location], announcement: { title: null, text: "Patio open", link: { label: "Book", href: "/book/" } } }],
    ["no announcement", { revision: 1, locations: [location], announcement: null }],
    ["no locations", { revision: 1, locations: [], announcement: null }],
    ["nothing published yet", { revision: null, locations: [location], announcement: null }],
    ["a labelled range", { revision: 2, locations: [{ ...location, hours: [{ day: 2, open: 1000, close: 2400, label: "Late" }] }], announcement: null }],
    ["no revision", { locations: [location], announcement: null }],
    ["an HTML page", "<html>"],
    ["null", null],
    ["hours as text", { revision: 2, locations: [{ ...location, hours: [{ day: 2, open: "9am", close: 1700 }] }], announcement: null }],
    ["a date that is not one", { revision: 2, locations: [{ ...location, special_hours: [{ date: "2030-02-31", closed: true, open: null, close: null }] }], announcement: null }],
    ["an announcement without text", { revision: 2, locations: [], announcement: { title: null, text: "", link: null } }],
  ])("%s", (_name, reply) => {
    const schema = SiteFactsReplySchema.safeParse(reply).success;
    const read = readSiteFacts(reply) !== null;
    // The date check is the reader's stricter one: a reply the schema lets through with an impossible date is refused here.
    if (read) expect(schema).toBe(true);
    if (schema && _name !== "a date that is not one") expect(read).toBe(true);
  });

  it("reads a location's facts by its id", () => {
    const facts = readSiteFacts({ revision: 3, locations: [location], announcement: null });
    expect(facts?.locations.get("loc-a")).toEqual({ timeZone: "America/New_York", hours: week, specialHours: location.special_hours });
  });
});

describe("inFactsWindow", () => {
  it.each([
    ["2030-06-03", "2030-06-04", true],
    ["2030-06-02", "2030-06-04", false],
    ["2030-06-18", "2030-06-04", true],
    ["2030-06-19", "2030-06-04", false],
    ["2030-12-31", "2030-12-30", true],
    ["nonsense", "2030-06-04", false],
  ])("%s around %s → %s", (date, today, inside) => {
    expect(inFactsWindow(date, today)).toBe(inside);
  });
});

describe("mergeLiveHours", () => {
  const built: HoursFacts = {
    hours: week,
    specialHours: [
      { date: "2030-06-05", closed: false, open: 1000, close: 1400, label: "Short day" },
      { date: "2030-07-04", closed: true, open: null, close: null, label: "Independence Day" },
    ],
  };
  const live = (specialHours: LiveLocationFacts["specialHours"], hours = week): LiveLocationFacts => ({ timeZone: "America/New_York", hours, specialHours });
  const closedToday = { date: "2030-06-04", closed: true, open: null, close: null, label: "Closed today" };

  it.each<[string, LiveLocationFacts | undefined, string, HoursFacts]>([
    ["no live facts keep the build", undefined, "2030-06-04", built],
    [
      "a closure today is added, a removed short day is gone, a date past the window stays",
      live([closedToday]),
      "2030-06-04",
      { hours: week, specialHours: [closedToday, built.specialHours[1]] },
    ],
    [
      "live weekly hours replace the built ones",
      live([built.specialHours[0]], [{ day: 2, open: 1100, close: 1500 }]),
      "2030-06-04",
      { hours: [{ day: 2, open: 1100, close: 1500 }], specialHours: built.specialHours },
    ],
    ["on a later day the window has moved over the July date: the live answer (without it) wins", live([]), "2030-06-25", { hours: week, specialHours: [built.specialHours[0]] }],
  ])("%s", (_name, facts, today, expected) => {
    expect(mergeLiveHours(built, facts, today)).toEqual(expected);
  });

  it.each<[string, HoursFacts, boolean]>([
    ["the same hours in another order", { hours: [...week].reverse(), specialHours: [...built.specialHours].reverse() }, true],
    ["a closure added", { hours: week, specialHours: [...built.specialHours, closedToday] }, false],
    ["a day's hours changed", { hours: [{ day: 1, open: 800, close: 1700 }, ...week.slice(1)], specialHours: built.specialHours }, false],
  ])("sameHours: %s → %s", (_name, other, same) => {
    expect(sameHours(built, other)).toBe(same);
  });
});
