import fs from "node:fs";
import path from "node:path";
import { businessJsonSchema, businessJsonSchemaText, DOCS_PATH, JSON_SCHEMA_PATH, withReference } from "../json-schema";
import { loadBusinessFile, validateBusiness } from "../load";
import { planPages } from "../../site/page-plan";
import { availability } from "../../booking/availability";
import { staffFor } from "../../booking/staff";
import { dateNumber } from "../../hours/calendar-date";

const ROOT = path.resolve(__dirname, "../../../../..");
const SAMPLES = ["salon", "restaurant", "merchant"] as const;

describe("the published format", () => {
  const docs = fs.readFileSync(path.join(ROOT, DOCS_PATH), "utf8");

  it(`${JSON_SCHEMA_PATH} matches the zod schema (run \`npm run schema\` when this fails)`, () => {
    const committed = fs.readFileSync(path.join(ROOT, JSON_SCHEMA_PATH), "utf8");
    expect(committed).toBe(businessJsonSchemaText());
  });

  it(`the field reference in ${DOCS_PATH} matches the zod schema (run \`npm run schema\` when this fails)`, () => {
    expect(docs).toBe(withReference(docs));
  });

  it("documents every field of every record with a meaning", () => {
    const defs = (businessJsonSchema() as { $defs: Record<string, { properties: Record<string, { description?: string }> }> }).$defs;
    const undocumented = Object.entries(defs).flatMap(([name, def]) =>
      Object.entries(def.properties)
        .filter(([field, spec]) => !spec.description || !docs.includes(`| \`${field}\` |`))
        .map(([field]) => `${name}.${field}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("has a minimal example that is a valid business", () => {
    const example = /```jsonc\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";
    // The example's comments start after two spaces; urls inside strings never have a space before "//".
    const json = example.replace(/\s+\/\/ .*$/gm, "");
    const result = validateBusiness(JSON.parse(json), "example");
    if (!result.ok) throw new Error(result.problems.join("\n"));
    // The page list the document promises right after the example.
    expect(planPages(result.business).pages.map((page) => page.path).sort()).toEqual(
      ["/", "/services/", "/services/haircuts/", "/services/haircuts/haircut/", "/locations/dayton/", "/404/"].sort(),
    );
  });

  it("shows error lines in the exact format the loader prints", () => {
    const doc = { _id: "x", type: "generic", name: "X", locations: [{ _id: "a", street: "1 A St", city: "A", zip: "1", timezone: "UTC" }, { _id: "b", street: "2 B St", city: "B", zip: "2", timezone: "UTC", hours: [{ day: 1 }, { day: 2 }, { day: 3 }, { day: 4, open: "9am" }] }] };
    const result = validateBusiness(doc, "data/x/business.json");
    expect(result.ok ? [] : result.problems).toEqual(["data/x/business.json: locations[1].hours[3].open: expected a number in HHMM form like 900, got \"9am\""]);
    expect(docs).toContain(result.ok ? "" : result.problems[0]);
  });
});

describe.each(SAMPLES)("data/%s/business.json", (sample) => {
  const file = path.join(ROOT, "data", sample, "business.json");
  const result = loadBusinessFile(file);

  it("loads without problems, images included", () => {
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it("points its editor at the published schema", () => {
    const raw = JSON.parse(fs.readFileSync(file, "utf8")) as { $schema?: string };
    expect(path.resolve(path.dirname(file), raw.$schema ?? "")).toBe(path.join(ROOT, JSON_SCHEMA_PATH));
  });

  it("keeps every image under 80 KB", () => {
    const dir = path.join(ROOT, "data", sample, "images");
    const oversized = fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).size > 80 * 1024);
    expect(oversized).toEqual([]);
  });

  it("plans its pages without warnings", () => {
    if (!result.ok) throw new Error(result.problems.join("\n"));
    expect(planPages(result.business).warnings).toEqual([]);
  });
});

describe("the sample set exercises the rules", () => {
  const load = (sample: string) => {
    const result = loadBusinessFile(path.join(ROOT, "data", sample, "business.json"));
    if (!result.ok) throw new Error(result.problems.join("\n"));
    return result.business;
  };
  const salon = load("salon");
  const restaurant = load("restaurant");
  const merchant = load("merchant");
  const salonHours = salon.locations.flatMap((location) => location.hours);
  const names = salon.menu.categories.map((category) => category.name);

  it.each<[string, boolean]>([
    ["salon: three locations, two in one city, one named", salon.locations.length === 3 && salon.locations[0].city === salon.locations[1].city && salon.locations.some((l) => l.name)],
    ["salon: two time zones", new Set(salon.locations.map((l) => l.timezone)).size === 2],
    ["salon: an overnight range", salonHours.some((h) => h.open !== null && h.close !== null && h.close < h.open)],
    ["salon: a split day", salon.locations.some((l) => l.hours.some((h, i) => l.hours.findIndex((o) => o.day === h.day) !== i))],
    ["salon: a day with no hours", salon.locations.some((l) => [1, 2, 3, 4, 5, 6, 7].some((day) => !l.hours.some((h) => h.day === day && h.open !== null)))],
    ["salon: 6+ categories, two with one name", names.length >= 6 && new Set(names).size < names.length],
    ["salon: hidden items and hidden members", salon.menu.items.some((i) => !i.visible) && salon.team.some((m) => !m.show)],
    ["salon: 5+ shown team members, one accented", salon.team.filter((m) => m.show).length >= 5 && salon.team.some((m) => m.name !== m.name.normalize("NFD"))],
    ["salon: booking link and BOOKING interactions", Boolean(salon.bookingUrl) && salon.menu.items.some((i) => i.interactions.some((x) => x.behaviorType === "BOOKING"))],
    ["salon: announcement settings", Boolean(salon.announcement?.settings.referenceId)],
    ["salon: External and Button-style pages", salon.pages.some((p) => p.pageType === "External") && salon.pages.some((p) => p.props?.includes('"Button"'))],
    ["salon: appointments, and no slot reservations beside them", salon.locations.every((l) => l.appointments.enabled && !l.reservations.enabled)],
    ["restaurant: reservations with capacity", restaurant.locations.some((l) => l.reservations.enabled && l.reservations.capacity > 0)],
    ["restaurant: cuisine sub-category", restaurant.categories[0] === "restaurant" && restaurant.subCategory === "Italian"],
    ["restaurant: required and capped modifier sets", restaurant.menu.modifierSets.some((s) => s.minAllowed > 0) && restaurant.menu.modifierSets.some((s) => s.minAllowed === 0 && s.maxAllowed !== null)],
    ["restaurant: pickup and delivery with postal codes and a fee", restaurant.locations.some((l) => l.pickupEnabled && l.delivery.enabled && l.delivery.postalCodes.length > 0 && l.delivery.feeCents > 0)],
    ["restaurant: tax and tips", restaurant.locations.some((l) => l.taxRateBps > 0) && restaurant.ordering.tipPercentages.length > 1],
    ["merchant: ordering with shipping", merchant.type === "merchant" && merchant.ordering.enabled && merchant.locations.some((l) => l.delivery.kind === "shipping")],
  ])("%s", (_name, holds) => {
    expect(holds).toBe(true);
  });

  it("mixes number and string prices in the restaurant file", () => {
    const raw = JSON.parse(fs.readFileSync(path.join(ROOT, "data/restaurant/business.json"), "utf8")) as { menu: { items: { variations: { price: unknown }[] }[] } };
    const kinds = new Set(raw.menu.items.flatMap((item) => item.variations.map((variation) => typeof variation.price)));
    expect([...kinds].sort()).toEqual(["number", "string"]);
  });
});

describe("data/salon/business.json takes appointments", () => {
  const result = loadBusinessFile(path.join(ROOT, "data", "salon", "business.json"));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  const { business } = result;
  const variations = business.menu.items.flatMap((item) => item.variations.map((variation) => ({ item, variation })));
  /** 1 December 2026, 7:00 in New York: a week without anyone away follows. */
  const now = Date.parse("2026-12-01T12:00:00Z");

  /** Who can be booked on a date at a location, for the first service with a length they perform there. */
  const bookable = (date: string, locationId: string): string[] => {
    const location = business.locations.find((entry) => entry.id === locationId)!;
    return business.team.filter((member) => {
      const timed = variations.find(({ item, variation }) => variation.durationMinutes !== undefined && staffFor(business.team, business.menu.categories, locationId, item.id).includes(member));
      if (!timed) return false;
      const variation = { durationMinutes: timed.variation.durationMinutes!, bufferMinutes: timed.variation.bufferMinutes };
      const [day] = availability({ location, variation, staff: [member], busy: [], now, from: date, days: 1 });
      return day.slots.length > 0;
    }).map((member) => member.id.replace("team-", ""));
  };

  it("gives every variation booked in the salon a length (on-location wedding hair is arranged by the bridal team)", () => {
    expect(variations.filter(({ variation }) => variation.durationMinutes === undefined).map(({ variation }) => variation.id)).toEqual(["var-wedding-location"]);
  });

  it("has a spa treatment with a buffer after it", () => {
    const spa = business.menu.categories.find((category) => category.id === "cat-treatments-spa")!;
    expect(variations.filter(({ item, variation }) => spa.itemIds.includes(item.id) && variation.bufferMinutes > 0).map(({ variation }) => variation.id)).toEqual(["var-facial-50", "var-facial-80"]);
  });

  it("takes appointments at every location, and has one part-time member (three days a week)", () => {
    expect(business.locations.map((location) => location.appointments.enabled)).toEqual([true, true, true]);
    expect(business.team.filter((member) => member.show && new Set(member.hours.map((entry) => entry.day)).size === 3).map((member) => member.id)).toEqual(["team-theo-marchetti"]);
  });

  it("gives every shown member of the team a week away", () => {
    const away = business.team.filter((member) => member.show).map((member) => member.timeOff.some((range) => dateNumber(range.to)! - dateNumber(range.from)! === 6));
    expect(away).toEqual([true, true, true, true, true]);
  });

  it.each<[string, string, string[], string[], string[]]>([
    ["Monday", "2026-12-07", [], [], ["lena-hoffmann"]],
    ["Tuesday", "2026-12-08", ["maya-okafor", "jose-nunez"], ["theo-marchetti"], ["lena-hoffmann"]],
    ["Wednesday", "2026-12-09", ["maya-okafor", "jose-nunez"], ["priya-raman", "theo-marchetti"], ["lena-hoffmann"]],
    ["Thursday", "2026-12-10", ["maya-okafor", "jose-nunez"], ["priya-raman"], ["lena-hoffmann"]],
    ["Friday", "2026-12-11", ["jose-nunez"], ["maya-okafor", "priya-raman"], ["lena-hoffmann"]],
    ["Saturday", "2026-12-12", ["maya-okafor", "jose-nunez"], ["priya-raman", "theo-marchetti"], ["lena-hoffmann"]],
    ["Sunday (Lakeview takes walk-ins only)", "2026-12-13", ["priya-raman"], [], []],
  ])("%s: someone can be booked on every day the salon opens", (_day, date, carrow, halden, lakeview) => {
    expect([bookable(date, "loc-carrow"), bookable(date, "loc-halden"), bookable(date, "loc-lakeview")]).toEqual([carrow, halden, lakeview]);
  });
});
