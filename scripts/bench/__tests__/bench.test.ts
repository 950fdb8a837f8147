import fs from "node:fs";
import path from "node:path";
import { validateBusiness } from "@mainstreet/rules/business/load";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { benchTable, ratio, ratioTable, type BenchRow } from "../bench-table";
import { generateMenuBusiness } from "../generate-business";

const salonFile = path.resolve(__dirname, "../../../data/salon/business.json");
const salon = JSON.parse(fs.readFileSync(salonFile, "utf8")) as Record<string, unknown>;

describe("generateMenuBusiness", () => {
  const generated = generateMenuBusiness(salon, 2000);
  const menu = generated.menu as { categories: { _id: string; name: string; items: string[] }[]; items: { _id: string; name: string; variations: { _id: string }[] }[] };

  it("makes exactly the requested number of items, in categories of 50", () => {
    expect(menu.items).toHaveLength(2000);
    expect(menu.categories).toHaveLength(40);
    expect(menu.categories.every((category) => category.items.length === 50)).toBe(true);
  });

  it("puts every item in exactly one category and gives every record its own id and name", () => {
    const listed = menu.categories.flatMap((category) => category.items);
    expect(new Set(listed).size).toBe(2000);
    expect(listed.sort()).toEqual(menu.items.map((item) => item._id).sort());
    expect(new Set(menu.items.map((item) => item.name)).size).toBe(2000);
    expect(new Set(menu.categories.map((category) => category.name)).size).toBe(40);
    const variationIds = menu.items.flatMap((item) => item.variations.map((variation) => variation._id));
    expect(new Set(variationIds).size).toBe(variationIds.length);
  });

  it("passes the business data contract and plans one page per item", () => {
    const result = validateBusiness(generated, "generated.json");
    expect(result.ok ? [] : result.problems).toEqual([]);
    if (!result.ok) return;
    const templates = planPages(result.business).pages.map((page) => page.template);
    expect(templates.filter((template) => template === "service-item")).toHaveLength(2000);
    expect(templates.filter((template) => template === "service-category")).toHaveLength(40);
  });

  it("leaves the rest of the business and the input untouched", () => {
    expect(generated.locations).toEqual(salon.locations);
    expect(generated.pages).toEqual(salon.pages);
    expect((salon.menu as { items: unknown[] }).items).toHaveLength(22);
  });

  it.each<[string, () => unknown, string]>([
    ["a zero count", () => generateMenuBusiness(salon, 0), "itemCount: expected a whole number >= 1, got 0"],
    ["a fractional category size", () => generateMenuBusiness(salon, 10, 2.5), "perCategory: expected a whole number >= 1, got 2.5"],
    ["a business without a menu", () => generateMenuBusiness({ name: "x" }, 10), "base.menu: expected at least one item and one category to copy, found none"],
  ])("rejects %s", (_name, run, message) => {
    expect(run).toThrow(message);
  });
});

describe("bench tables", () => {
  const run = (seconds: number, mib: number) => ({ seconds, peakRssBytes: mib * 1024 * 1024, exitCode: 0 });
  const bare: BenchRow = { name: "bare Gatsby (bench/)", pages: 43, cold: run(20, 560), warm: run(8, 440) };
  const salonRow: BenchRow = { name: "salon", pages: 43, cold: run(50, 980), warm: run(20, 900) };
  const large: BenchRow = { name: "generated, 2,000 items", pages: 2055, cold: { ...run(190, 1500), exitCode: 1 }, warm: null, note: "build failed, see large-cold.log" };

  it.each<[number | null, number | null, string]>([
    [50, 20, "2.50×"],
    [20, 50, "0.40×"],
    [null, 20, "n/a"],
    [20, 0, "n/a"],
  ])("ratio(%p, %p) = %s", (a, b, text) => {
    expect(ratio(a, b)).toBe(text);
  });

  it("shows seconds and MiB per build, n/a for a failed one", () => {
    const cells = benchTable([bare, salonRow, large])
      .split("\n")
      .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
    expect(cells[0]).toEqual(["Build", "Pages", "Cold s", "Warm s", "Cold peak MiB", "Warm peak MiB"]);
    expect(cells.slice(2)).toEqual([
      ["bare Gatsby (bench/)", "43", "20.0", "8.0", "560", "440"],
      ["salon", "43", "50.0", "20.0", "980", "900"],
      ["generated, 2,000 items (build failed, see large-cold.log)", "2055", "n/a", "n/a", "n/a", "n/a"],
    ]);
  });

  it("computes salon/bare and large/salon for time and memory", () => {
    const lines = ratioTable([
      { label: "salon / bare", numerator: salonRow, denominator: bare },
      { label: "2,000 items / salon", numerator: large, denominator: salonRow },
    ]).split("\n");
    expect(lines[2]).toBe("| salon / bare        | 2.50×     | 2.50×     | 1.75×            | 2.05×            |");
    expect(lines[3]).toBe("| 2,000 items / salon | n/a       | n/a       | n/a              | n/a              |");
  });
});
