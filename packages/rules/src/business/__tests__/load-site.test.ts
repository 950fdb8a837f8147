import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadBusinessFile } from "../load";
import { publishedBusiness } from "../published";
import { BusinessDataError, readSiteFile, siteLoader } from "../load-site";
import { planPages } from "../../site/page-plan";

const root = path.resolve(__dirname, "../../../../..");

/** A loader whose reads of the data file are counted. */
function countingLoader() {
  const reads: string[] = [];
  const load = siteLoader((file) => {
    reads.push(file);
    return loadBusinessFile(file);
  });
  return { load, reads };
}

describe("loadSite: one read, one validation and one plan per data file and process", () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "load-site-"));
    fs.cpSync(path.join(root, "data/salon"), dir, { recursive: true });
    file = path.join(dir, "business.json");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the file once however many parts of the build ask", () => {
    const { load, reads } = countingLoader();
    const results = Array.from({ length: 4 }, () => load({ SITE_DATA: file }, root));
    expect(reads).toEqual([file]);
    expect(new Set(results.map((result) => result.plan)).size).toBe(1);
  });

  it("plans the published business, and settles the recipe and URL from each caller's configuration", () => {
    const { load, reads } = countingLoader();
    const first = load({ SITE_DATA: file }, root);
    const second = load({ SITE_DATA: file, SITE_URL: "http://localhost:9100", SITE_RECIPE: "default" }, root);
    expect(reads).toHaveLength(1);
    expect(first.published).toEqual(publishedBusiness(first.business));
    expect(first.plan).toEqual(planPages(first.published));
    expect(first.recipe).toBe(first.business.recipe);
    expect([second.siteUrl, second.recipe, second.config.siteUrl]).toEqual(["http://localhost:9100", "default", "http://localhost:9100"]);
  });

  it("reads the file again once it changed on disk", () => {
    const { load, reads } = countingLoader();
    expect(load({ SITE_DATA: file }, root).business.name).not.toBe("Renamed");
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...data, name: "Renamed" }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(load({ SITE_DATA: file }, root).business.name).toBe("Renamed");
    expect(reads).toHaveLength(2);
  });

  it("gives every caller a bad file's problems, with field paths, and remembers nothing of it", () => {
    const { load, reads } = countingLoader();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    delete data.name;
    fs.writeFileSync(file, JSON.stringify(data));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(() => load({ SITE_DATA: file }, root)).toThrow(BusinessDataError);
      expect(() => load({ SITE_DATA: file }, root)).toThrow(`${file}: name: expected the business name as non-empty text, got nothing`);
    }
    expect(reads).toHaveLength(4);
  });
});

describe("readSiteFile: the scripts' and tests' way to read a sample as the build does", () => {
  it("plans the published business, as the build does", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-site-"));
    try {
      fs.cpSync(path.join(root, "data/salon"), dir, { recursive: true });
      const file = path.join(dir, "business.json");
      const data = JSON.parse(fs.readFileSync(file, "utf8"));
      const hidden = data.menu.items[0];
      hidden.visible = false;
      fs.writeFileSync(file, JSON.stringify(data));
      const site = readSiteFile(file);
      expect(site.business.menu.items.some((item) => item.id === hidden._id)).toBe(true);
      expect(site.published.menu.items.some((item) => item.id === hidden._id)).toBe(false);
      expect(site.plan).toEqual(planPages(publishedBusiness(site.business)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("throws the data file's problems with their field paths", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-site-"));
    try {
      const file = path.join(dir, "business.json");
      fs.writeFileSync(file, JSON.stringify({ name: "" }));
      expect(() => readSiteFile(file)).toThrow(BusinessDataError);
      expect(() => readSiteFile(file)).toThrow(/name/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
