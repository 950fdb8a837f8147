import fs from "node:fs";
import path from "node:path";
import { validateBusiness } from "@mainstreet/rules/business/load";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { generateLargeBusiness } from "../generate-large-business";
import { COMMAND_ENDED, COMMAND_STARTED, gatsbyPhases, publishTimings, summaryTable, timingsTable } from "../publish-timings";

const restaurantFile = path.resolve(__dirname, "../../../data/restaurant/business.json");
const restaurant = JSON.parse(fs.readFileSync(restaurantFile, "utf8")) as Record<string, unknown>;

describe("generateLargeBusiness", () => {
  const generated = generateLargeBusiness(restaurant);
  const validated = validateBusiness(generated, "generated.json");
  const business = validated.ok ? validated.business : null;

  it("passes the business data contract", () => {
    expect(validated.ok ? [] : validated.problems).toEqual([]);
  });

  it("makes 40 categories of 50 items, each item in one category, every id and name its own", () => {
    expect(business?.menu.categories).toHaveLength(40);
    expect(business?.menu.categories.every((category) => category.itemIds.length === 50)).toBe(true);
    const items = business?.menu.items ?? [];
    expect(items).toHaveLength(2000);
    expect(new Set(items.map((item) => item.id)).size).toBe(2000);
    expect(new Set(items.map((item) => item.name)).size).toBe(2000);
    const variations = items.flatMap((item) => item.variations.map((variation) => variation.id));
    expect(new Set(variations).size).toBe(variations.length);
  });

  it("gives items one to three variations, modifier sets on most, and reuses the sample's photos on every tenth", () => {
    const items = business?.menu.items ?? [];
    const counts = new Set(items.map((item) => item.variations.length));
    expect([...counts].sort()).toEqual([1, 2, 3]);
    expect(items.filter((item) => item.modifierSetIds.length > 0).length).toBe(1500);
    expect(items.filter((item) => item.image).length).toBe(200);
    expect(items.every((item) => item.variations.every((variation) => Number.isInteger(variation.priceCents) && variation.priceCents >= 600))).toBe(true);
  });

  it("has three locations with hours of their own, and plans a page per item and per category", () => {
    expect(business?.locations.map((location) => location.id)).toEqual(["loc-fishtown", "loc-passyunk", "loc-large-3"]);
    expect(business?.locations.every((location) => location.hours.length > 0)).toBe(true);
    const templates = business ? planPages(business).pages.map((page) => page.template) : [];
    expect(templates.filter((template) => template === "service-item")).toHaveLength(2000);
    expect(templates.filter((template) => template === "service-category")).toHaveLength(40);
  });

  it("is the same document every time, and leaves its input untouched", () => {
    expect(JSON.stringify(generateLargeBusiness(restaurant))).toBe(JSON.stringify(generated));
    expect((restaurant.menu as { items: unknown[] }).items).toHaveLength(16);
  });

  it.each<[string, () => unknown, string]>([
    ["no categories", () => generateLargeBusiness(restaurant, { categories: 0, perCategory: 50, locations: 3 }), "categories: expected a whole number >= 1, got 0"],
    ["a fractional category size", () => generateLargeBusiness(restaurant, { categories: 2, perCategory: 2.5, locations: 3 }), "perCategory: expected a whole number >= 1, got 2.5"],
    ["a business without modifier sets", () => generateLargeBusiness({ menu: { items: [{}], categories: [{}] } }), "base.menu: expected items, categories and modifier sets to copy"],
  ])("rejects %s", (_name, run, message) => {
    expect(run).toThrow(message);
  });
});

describe("publishTimings", () => {
  const log = [
    `${COMMAND_STARTED} 1000500`,
    "success compile gatsby files - 2.500s",
    "success extract queries from components - 1.000s",
    "success Building static HTML for pages - 10.250s - 40/40 3.90/s",
    "success extract queries from components - 0.500s",
    "info Done building in 30.5 sec",
    "build-version: gatsby build 33.0 s, copy into /tmp/sites/x/versions/.1.w 0.8 s",
    `${COMMAND_ENDED} 1035000`,
  ].join("\n");

  it("splits Publish → live into segments that add up, from the worker's moments and the build's log", () => {
    const timings = publishTimings({ queued: 998_000, claimed: 1_000_000, live: 1_035_300 }, log);
    expect(timings.total).toBeCloseTo(37.3, 5);
    expect(timings.segments.map((segment) => [segment.name, Number(segment.seconds.toFixed(2))])).toEqual([
      ["queue wait (Publish → a worker claims the job)", 2],
      ["worker: revision → data folder, images copied, contract check", 0.5],
      ["build command: build lock, check-data.ts, gatsby CLI start", 3.2],
      ["gatsby build (Done building in)", 30.5],
      ["copy public/ into the version folder", 0.8],
      ["switch: folder renamed, live link, database, old versions pruned", 0.3],
    ]);
    expect(timings.segments.reduce((sum, segment) => sum + segment.seconds, 0)).toBeCloseTo(timings.total, 5);
  });

  it("reads Gatsby's phases, adding up a phase that ran twice", () => {
    expect(gatsbyPhases(log)).toEqual([
      { name: "compile gatsby files", seconds: 2.5 },
      { name: "extract queries from components", seconds: 1.5 },
      { name: "Building static HTML for pages", seconds: 10.25 },
    ]);
  });

  it("says so when the log has no command marks", () => {
    const timings = publishTimings({ queued: 0, claimed: 1000, live: 5000 }, "nothing");
    expect(timings.segments.map((segment) => segment.name)).toEqual(["queue wait (Publish → a worker claims the job)", "build and switch (the log has no command marks)"]);
  });

  it("prints the slowest phases under the segments, and the summary per business", () => {
    const timings = publishTimings({ queued: 998_000, claimed: 1_000_000, live: 1_035_300 }, log);
    const table = timingsTable(timings, 2);
    expect(table.split("\n").slice(-4)).toEqual([
      expect.stringMatching(/^\| switch: .* \| 0\.3 +\|$/),
      expect.stringMatching(/^\|   gatsby: Building static HTML for pages +\| 10\.3 +\|$/),
      expect.stringMatching(/^\|   gatsby: compile gatsby files +\| 2\.5 +\|$/),
      expect.stringMatching(/^\| Publish → live +\| 37\.3 +\|$/),
    ]);
    const summary = summaryTable([{ name: "salon", items: 22, pages: 40, cold: null, warm: timings }]);
    expect(summary).toMatch(/\| salon +\| 22 +\| 40 +\| not run +\| 37\.3 +\|/);
  });
});
