import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkImageFiles, imageReferences, loadBusinessFile, parseJsonText } from "../load";
import { BusinessSchema } from "../schema";

const FILE = "data/x/business.json";

describe("parseJsonText", () => {
  it.each<[string, string, string]>([
    ["a trailing comma", '{\n  "name": "A",\n}', `${FILE}: line 3, column 1: expected a property name in double quotes, got "}"`],
    ["a missing colon", '{\n  "name" "A"\n}', `${FILE}: line 2, column 10: expected ":" after the property name "name", got "\\""`],
    ["a missing comma", '{ "a": 1\n  "b": 2 }', `${FILE}: line 2, column 3: expected "," or "}" after a property value, got "\\""`],
    ["an unquoted key", "{ name: 1 }", `${FILE}: line 1, column 3: expected a property name in double quotes or "}", got "n"`],
    ["single quotes", "{ 'a': 1 }", `${FILE}: line 1, column 3: expected a property name in double quotes or "}", got "'"`],
    ["an unterminated string", '{ "a": "b\n}', `${FILE}: line 1, column 10: expected a closing " before the end of the line, got a control character (U+000A)`],
    ["a truncated file", '{ "a": [1, 2', `${FILE}: line 1, column 13: expected "," or "]" after a list entry, got the end of the file`],
    ["a trailing comma in a list", '{ "a": [1, ] }', `${FILE}: line 1, column 12: expected a JSON value (object, list, text in double quotes, number, true, false or null), got "]"`],
    ["a missing comma in a list", '{ "a": [1 2] }', `${FILE}: line 1, column 11: expected "," or "]" after a list entry, got "2"`],
    ["an empty file", "", `${FILE}: line 1, column 1: expected a JSON value (object, list, text in double quotes, number, true, false or null), got the end of the file`],
    ["a misspelled literal", '{ "a": tru }', `${FILE}: line 1, column 8: expected a JSON value (object, list, text in double quotes, number, true, false or null), got "t"`],
    ["text after the value", '{ "a": 1 } x', `${FILE}: line 1, column 12: expected the end of the file after the top-level value, got "x"`],
    ["a bad escape", '{ "a": "\\q" }', `${FILE}: line 1, column 10: expected a valid escape (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX), got "q"`],
    ["CRLF line endings", '{\r\n  "a": 1,\r\n  }', `${FILE}: line 3, column 3: expected a property name in double quotes, got "}"`],
    ["a repeated key", '{ "locations": [ { "zip": "1", "zip": "2" } ] }', `${FILE}: locations[0].zip: expected each field once in an object, got "zip" more than once`],
  ])("%s", (_name, text, expected) => {
    expect(parseJsonText(text, FILE)).toEqual({ ok: false, problems: [expected] });
  });

  it.each<[string, string, unknown]>([
    ["an object", '{ "a": [1, -2.5e3, true, null, "é\\u00e9"] }', { a: [1, -2500, true, null, "éé"] }],
    ["a byte-order mark", '\uFEFF{ "a": 1 }', { a: 1 }],
    ["empty and nested objects and lists", '{ "a": { }, "b": [ ], "c": [ [1] , { "d": {} } ] }', { a: {}, b: [], c: [[1], { d: {} }] }],
  ])("parses %s", (_name, text, expected) => {
    expect(parseJsonText(text, FILE)).toEqual({ ok: true, value: expected });
  });
});

describe("loadBusinessFile", () => {
  let dir: string;
  const minimal = {
    id: "b",
    type: "generic",
    name: "B",
    logo: { file: "images/logo.png", alt: "Logo" },
    locations: [{ id: "l", street: "1 Main Street", city: "Town", zip: "12345", timezone: "UTC" }],
    team: [{ id: "t", name: "T", image: { file: "images/t.jpg", alt: "T" } }],
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "business-load-"));
    fs.mkdirSync(path.join(dir, "good", "images"), { recursive: true });
    fs.writeFileSync(path.join(dir, "good", "business.json"), JSON.stringify(minimal));
    fs.writeFileSync(path.join(dir, "good", "images", "logo.png"), "png");
    fs.writeFileSync(path.join(dir, "good", "images", "t.jpg"), "jpg");
    fs.mkdirSync(path.join(dir, "no-images"));
    fs.writeFileSync(path.join(dir, "no-images", "business.json"), JSON.stringify(minimal));
    fs.writeFileSync(path.join(dir, "broken.json"), '{ "id": "b",\n  "name": }');
    fs.writeFileSync(path.join(dir, "invalid.json"), JSON.stringify({ ...minimal, type: "shop" }));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("returns the business with absolute file and directory", () => {
    const file = path.join(dir, "good", "business.json");
    const result = loadBusinessFile(file);
    expect(result).toMatchObject({ ok: true, file: path.resolve(file), dir: path.resolve(dir, "good") });
    expect(result.ok && result.business.name).toBe("B");
  });

  it("names each missing image by field path, relative to the data file", () => {
    const file = path.join(dir, "no-images", "business.json");
    const shown = (rel: string) => path.join(path.dirname(file), rel);
    expect(loadBusinessFile(file)).toEqual({
      ok: false,
      problems: [
        `${file}: logo.file: expected an image file next to the data file (looked for ${shown("images/logo.png")}), got "images/logo.png"`,
        `${file}: team[0].image.file: expected an image file next to the data file (looked for ${shown("images/t.jpg")}), got "images/t.jpg"`,
      ],
    });
  });

  it("reports a syntax error with line and column", () => {
    const file = path.join(dir, "broken.json");
    expect(loadBusinessFile(file)).toEqual({
      ok: false,
      problems: [`${file}: line 2, column 11: expected a JSON value (object, list, text in double quotes, number, true, false or null), got "}"`],
    });
  });

  it("reports schema problems before looking for images", () => {
    const file = path.join(dir, "invalid.json");
    expect(loadBusinessFile(file)).toEqual({ ok: false, problems: [`${file}: type: expected one of "restaurant", "generic", "merchant", got "shop"`] });
  });

  it.each<[string, (d: string) => string, string]>([
    ["a missing file", (d) => path.join(d, "nope.json"), "no such file"],
    ["a directory", (d) => d, "a directory"],
  ])("reports %s in one line", (_name, target, reason) => {
    const file = target(dir);
    expect(loadBusinessFile(file)).toEqual({ ok: false, problems: [`${file}: expected a readable business data file (JSON), got ${reason}`] });
  });
});

describe("imageReferences", () => {
  it("lists every image field with its path", () => {
    const business = BusinessSchema.parse({
      id: "b",
      type: "generic",
      name: "B",
      logo: { file: "l.png", alt: "L" },
      heroImage: { file: "h.jpg", alt: "H" },
      images: [{ file: "g.jpg", alt: "G" }],
      locations: [{ id: "l", street: "1 Main Street", city: "Town", zip: "1", timezone: "UTC" }],
      menu: { items: [{ id: "i", name: "I", image: { file: "i.jpg", alt: "I" }, variations: [{ id: "v", price: 1 }] }] },
      team: [{ id: "t", name: "T", image: { file: "t.jpg", alt: "T" } }],
      blogPosts: [{ id: "p", title: "P", publishedAt: "2025-01-01", heroImage: "p.jpg", heroImageAltText: "P" }],
      pages: [{ id: "pg", title: "Home", pageType: "home", components: [{ fastId: "f", componentIdentifier: "hero", files: [{ id: "fl", altText: "F", file: "f.webp" }] }] }],
    });
    expect(imageReferences(business).map((use) => [use.path.join("/"), use.file])).toEqual([
      ["logo/file", "l.png"],
      ["heroImage/file", "h.jpg"],
      ["images/0/file", "g.jpg"],
      ["menu/items/0/image/file", "i.jpg"],
      ["team/0/image/file", "t.jpg"],
      ["blogPosts/0/heroImage", "p.jpg"],
      ["pages/0/components/0/files/0/file", "f.webp"],
    ]);
    expect(checkImageFiles(business, os.tmpdir(), "x.json")).toHaveLength(7);
  });
});
