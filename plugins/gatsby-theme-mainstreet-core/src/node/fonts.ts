import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import subsetFont from "subset-font";
import { fallbackFaceCss, fontFilePath, packageUnicodeRange, webFontFaceCss, webFontFaces, type PublishedFace, type WebFontFace } from "@mainstreet/rules/site/recipe-fonts";
import { formatUnicodeRange, parseUnicodeRange, subsetCodePoints } from "@mainstreet/rules/site/font-subset";
import { recipeWebFonts, WEB_FONT_WEIGHTS, type RecipeTokens, type WebFont } from "@mainstreet/rules/site/recipe-tokens";

/** Where the recipe's font files are published; the names carry a content hash, so they can be cached for good. */
const FONTS_URL_DIR = "/fonts/";

export interface PublishedFonts {
  /**
   * For the head's recipe style: the web fonts' metric-matched fallback faces, and the web fonts' own faces for a
   * browser that runs no scripts (with scripts, the font loader declares them after the first paint).
   */
  css: string;
  /** The web fonts as published, for the head's font loader (node/font-loader.ts). */
  faces: WebFontFace[];
}

/**
 * Publishes the recipe's font files into public/fonts/, each cut (HarfBuzz, through subset-font) to the
 * characters of `texts` (see font-subset.ts) and to the weights the stylesheets use, and returns the recipe style's
 * faces and the published faces. The salon's two fonts go from 74 KB to about 40.
 */
export async function publishFonts(tokens: RecipeTokens, publicDir: string, texts: readonly string[]): Promise<PublishedFonts> {
  const faces = new Map<string, PublishedFace>();
  fs.mkdirSync(path.join(publicDir, FONTS_URL_DIR), { recursive: true });
  for (const font of recipeWebFonts(tokens)) {
    const codePoints = subsetCodePoints(texts, parseUnicodeRange(packageUnicodeRange(font)));
    const cut = await subsetFont(fs.readFileSync(fontFilePath(font)), String.fromCodePoint(...codePoints), {
      targetFormat: "truetype",
      variationAxes: { wght: { min: WEB_FONT_WEIGHTS.min, max: WEB_FONT_WEIGHTS.max } },
    });
    const bytes = await fontverter.convert(cut, "woff2");
    const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    const name = font.file.replace(/\.woff2$/, `.${hash}.woff2`);
    fs.writeFileSync(path.join(publicDir, FONTS_URL_DIR, name), bytes);
    // What the file carries, not what was asked for: a font without a glyph asked for (a thin space) leaves it to the fallback.
    faces.set(font.file, { url: `${FONTS_URL_DIR}${name}`, unicodeRange: formatUnicodeRange(mappedCodePoints(cut)) });
  }
  const faceOf = (font: WebFont) => faces.get(font.file) as PublishedFace;
  const published = webFontFaces(tokens, faceOf);
  return { css: `${fallbackFaceCss(tokens)}@media (scripting:none){${webFontFaceCss(published)}}`, faces: published };
}

/** The code points a TrueType font's cmap maps to a glyph (formats 4 and 12, what HarfBuzz writes). */
export function mappedCodePoints(font: Buffer): number[] {
  const table = (tag: string) => {
    for (let record = 12; record < 12 + font.readUInt16BE(4) * 16; record += 16) if (font.toString("latin1", record, record + 4) === tag) return font.readUInt32BE(record + 8);
    throw new Error(`no ${tag} table`);
  };
  const cmap = table("cmap");
  const subtables = Array.from({ length: font.readUInt16BE(cmap + 2) }, (_, index) => cmap + font.readUInt32BE(cmap + 4 + index * 8 + 4));
  const found = new Set<number>();
  const format12 = subtables.find((offset) => font.readUInt16BE(offset) === 12);
  if (format12 !== undefined) {
    for (let group = 0; group < font.readUInt32BE(format12 + 12); group += 1) {
      const at = format12 + 16 + group * 12;
      for (let code = font.readUInt32BE(at); code <= font.readUInt32BE(at + 4); code += 1) found.add(code);
    }
    return [...found].sort((a, b) => a - b);
  }
  const format4 = subtables.find((offset) => font.readUInt16BE(offset) === 4) as number;
  const segments = font.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment += 1) {
    const [start, end] = [font.readUInt16BE(starts + segment * 2), font.readUInt16BE(ends + segment * 2)];
    const [delta, rangeOffset] = [font.readInt16BE(deltas + segment * 2), font.readUInt16BE(rangeOffsets + segment * 2)];
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      const glyph = rangeOffset === 0 ? (code + delta) & 0xffff : font.readUInt16BE(rangeOffsets + segment * 2 + rangeOffset + (code - start) * 2);
      if (glyph !== 0) found.add(code);
    }
  }
  return [...found].sort((a, b) => a - b);
}

const SOURCE_FILE = /\.(tsx?|css)$/;

/**
 * The characters outside ASCII in the interface's own source (the core theme, the recipe, the rules that
 * word hours and menus): its labels' dashes, quotes, arrows and signs. Read from the files rather than
 * listed, so a new label cannot fall out of the fonts; comments add a few glyphs, which costs little.
 */
export function interfaceTexts(sourceDirs: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "__tests__" || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (SOURCE_FILE.test(entry.name)) {
        for (const character of fs.readFileSync(full, "utf8")) if (character > "~") found.add(character);
      }
    }
  };
  sourceDirs.forEach(visit);
  return [[...found].join("")];
}
