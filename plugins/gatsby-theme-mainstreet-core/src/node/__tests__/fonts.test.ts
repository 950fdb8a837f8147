import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fontverter from "fontverter";
import { fontFilePath } from "@mainstreet/rules/site/recipe-fonts";
import { parseUnicodeRange } from "@mainstreet/rules/site/font-subset";
import { recipeWebFonts, WEB_FONT_WEIGHTS } from "@mainstreet/rules/site/recipe-tokens";
import { interfaceTexts, mappedCodePoints, publishFonts } from "../fonts";
import { CORE_STYLESHEETS, RECIPES_HERE, REPO_ROOT, recipeStylesheets, recipeTokens } from "../../__tests__/recipes";

/** The weight axis's [min, max] from the fvar table. */
function weightAxis(font: Buffer): [number, number] {
  let fvar = -1;
  for (let record = 12; record < 12 + font.readUInt16BE(4) * 16; record += 16) if (font.toString("latin1", record, record + 4) === "fvar") fvar = font.readUInt32BE(record + 8);
  const axes = fvar + font.readUInt16BE(fvar + 4);
  for (let axis = 0; axis < font.readUInt16BE(fvar + 8); axis += 1) {
    const at = axes + axis * font.readUInt16BE(fvar + 10);
    if (font.toString("latin1", at, at + 4) === "wght") return [font.readInt32BE(at + 4) / 65536, font.readInt32BE(at + 12) / 65536];
  }
  throw new Error("no weight axis");
}

const codePointsOfRange = (range: string) => parseUnicodeRange(range).flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => first + index));

describe("publishFonts", () => {
  let publicDir: string;
  beforeEach(() => {
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "fonts-"));
  });
  afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

  it.each(RECIPES_HERE)("%s: each font cut to the site's characters and the published weights, the face naming exactly what the file carries", async (recipe) => {
    const tokens = recipeTokens(recipe);
    const published = await publishFonts(tokens, publicDir, ["Crème brûlée — “today”", "東京"]);
    const fonts = recipeWebFonts(tokens);
    expect(published.faces.map((face) => face.family)).toEqual(fonts.map((font) => font.family));
    // The web fonts' own faces only for a browser without scripts; with scripts the loader declares them.
    expect(published.css.slice(0, published.css.indexOf("@media (scripting:none){"))).not.toContain("src:url(");
    expect(published.css).toMatch(/@media \(scripting:none\)\{(@font-face\{[^{}]*src:url\([^{}]*\})+\}$/);
    for (const [index, font] of fonts.entries()) {
      const { url, unicodeRange, weight } = published.faces[index];
      expect(weight).toBe(`${WEB_FONT_WEIGHTS.min} ${WEB_FONT_WEIGHTS.max}`);
      expect(url).toMatch(new RegExp(`^/fonts/${font.file.replace(".woff2", "")}\\.[0-9a-f]{10}\\.woff2$`));
      const bytes = fs.readFileSync(path.join(publicDir, url));
      expect(bytes.length).toBeLessThan(fs.statSync(fontFilePath(font)).size * 0.8);
      const sfnt = await fontverter.convert(bytes, "truetype");
      const carried = mappedCodePoints(sfnt);
      expect(codePointsOfRange(unicodeRange)).toEqual(carried);
      for (const character of "Aa~ èûé—“”") expect(carried).toContain(character.codePointAt(0));
      expect(carried).not.toContain("東".codePointAt(0));
      expect(carried).not.toContain("Ž".codePointAt(0));
      expect(weightAxis(sfnt)).toEqual([WEB_FONT_WEIGHTS.min, WEB_FONT_WEIGHTS.max]);
    }
  });
});

describe("mappedCodePoints", () => {
  it("reads a whole package font's characters (the cmap HarfBuzz and the package write)", async () => {
    const font = recipeWebFonts(recipeTokens("hibiscus"))[0];
    const carried = mappedCodePoints(await fontverter.convert(fs.readFileSync(fontFilePath(font)), "truetype"));
    expect(carried.length).toBeGreaterThan(200);
    for (const character of "Aé€’") expect(carried).toContain(character.codePointAt(0));
    expect(carried).not.toContain("東".codePointAt(0));
  });
});

describe("the weights the stylesheets set", () => {
  it.each(RECIPES_HERE)("%s: every font-weight is within the published stretch of the axis (or relative to one that is)", (recipe) => {
    const weights = [...CORE_STYLESHEETS, ...recipeStylesheets(recipe)].flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/font-weight:\s*([^;}!]+)/g)].map((match) => match[1].trim()));
    expect(weights.length).toBeGreaterThan(10);
    for (const weight of weights) {
      if (/^(inherit|normal|bold|var\(--font-display-weight\))$/.test(weight)) continue;
      expect(Number(weight)).toBeGreaterThanOrEqual(WEB_FONT_WEIGHTS.min);
      expect(Number(weight)).toBeLessThanOrEqual(WEB_FONT_WEIGHTS.max);
    }
  });
});

describe("interfaceTexts", () => {
  it("gathers the characters beyond ASCII of the sources, not of their tests", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ui-"));
    fs.mkdirSync(path.join(dir, "components"));
    fs.mkdirSync(path.join(dir, "__tests__"));
    fs.writeFileSync(path.join(dir, "components", "label.tsx"), "export const LABEL = 'Mon–Fri · “open”';");
    fs.writeFileSync(path.join(dir, "base.css"), '.x::after { content: "↗"; }');
    fs.writeFileSync(path.join(dir, "notes.md"), "ß");
    fs.writeFileSync(path.join(dir, "__tests__", "label.test.tsx"), "expect('Ω')");
    const texts = interfaceTexts([dir]).join("");
    expect([...texts].sort()).toEqual([..."–·“”↗"].sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finds the core theme's own labels", () => {
    expect(interfaceTexts([path.join(REPO_ROOT, "plugins", "gatsby-theme-mainstreet-core", "src")]).join("")).toContain("–");
  });
});
