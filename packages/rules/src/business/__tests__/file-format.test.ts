import fs from "node:fs";
import path from "node:path";
import { planPages } from "../../site/page-plan";
import { formatBusinessFile } from "../file-format";
import { validateBusiness } from "../load";
import { publishedBusiness } from "../published";

const ROOT = path.resolve(__dirname, "../../../../..");
const SAMPLES = ["salon", "restaurant", "merchant"].map((name) => path.join(ROOT, "data", name, "business.json"));

describe("formatBusinessFile", () => {
  it.each<[string, unknown, string]>([
    ["plain values on one line", { day: 2, open: 1000, close: 2000 }, '{ "day": 2, "open": 1000, "close": 2000 }\n'],
    ["empty containers", { a: [], b: {} }, '{ "a": [], "b": {} }\n'],
    ["a list of objects: one per line", { hours: [{ day: 1 }, { day: 2 }] }, '{\n  "hours": [\n    { "day": 1 },\n    { "day": 2 }\n  ]\n}\n'],
    ["a list of one small object stays on one line", { actions: [{ url: "u", label: "l" }] }, '{\n  "actions": [{ "url": "u", "label": "l" }]\n}\n'],
    ["a list of text on one line, inside an object that holds it spread over lines", { categories: ["salon", "hair"] }, '{\n  "categories": ["salon", "hair"]\n}\n'],
    ["text is written as JSON writes it", { name: 'Luma "Hair" & Beauty\n' }, '{ "name": "Luma \\"Hair\\" & Beauty\\n" }\n'],
    ["keys keep the document's order", { z: 1, a: 2 }, '{ "z": 1, "a": 2 }\n'],
  ])("%s", (_name, document, text) => {
    expect(formatBusinessFile(document)).toBe(text);
  });

  it("spreads a line longer than 180 characters over lines", () => {
    const text = formatBusinessFile({ description: "x".repeat(200), tags: ["y".repeat(100), "z".repeat(100)] });
    expect(text).toBe(`{\n  "description": "${"x".repeat(200)}",\n  "tags": [\n    "${"y".repeat(100)}",\n    "${"z".repeat(100)}"\n  ]\n}\n`);
  });

  it.each(SAMPLES)("%s: the written file reads back as the same document, keys in order, and writing it again changes nothing", (file) => {
    const document: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    const text = formatBusinessFile(document);
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(document));
    expect(formatBusinessFile(JSON.parse(text))).toBe(text);
    expect(text.split("\n").every((line) => !line.endsWith(" "))).toBe(true);
  });

  it.each(SAMPLES)("%s: the written file gives the build the same business, published business and page plan", (file) => {
    const build = (text: string) => {
      const validated = validateBusiness(JSON.parse(text), file);
      if (!validated.ok) throw new Error(validated.problems.join("\n"));
      const published = publishedBusiness(validated.business);
      return { business: validated.business, published, plan: planPages(published) };
    };
    const original = fs.readFileSync(file, "utf8");
    expect(build(formatBusinessFile(JSON.parse(original)))).toEqual(build(original));
  });
});
