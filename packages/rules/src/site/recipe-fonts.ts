import fs from "node:fs";
import path from "node:path";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import { recipeWebFonts, type RecipeTokens, type WebFont } from "./recipe-tokens";

/**
 * The @font-face rules of a recipe's web fonts (Node only: it reads packages). Each face is the one
 * variable file the recipe names, `font-display: swap`, limited to the unicode range its package
 * declares for that file (so a name in another script uses the local font, not a second download);
 * and each gets a "<family> Fallback" face: the local font scaled and with ascent, descent and line
 * gap overridden by Capsize from both fonts' metrics, so text set before the font arrives takes the
 * same lines and the swap moves nothing.
 */
export function fontFaceCss(tokens: RecipeTokens, urlOf: (font: WebFont) => string): string {
  return recipeWebFonts(tokens)
    .map((font) => {
      const face = [
        `font-family:"${font.family}"`,
        "font-style:normal",
        "font-display:swap",
        "font-weight:100 900",
        `src:url(${urlOf(font)}) format("woff2")`,
        `unicode-range:${unicodeRange(font)}`,
      ].join(";");
      const metrics = { ...loadMetrics(font.metrics), familyName: font.family };
      const { fontFaces } = createFontStack([metrics, loadMetrics(font.fallback)], { fontFaceFormat: "styleString" });
      return `@font-face{${face}}${fontFaces.replace(/\s*\n\s*/g, "")}`;
    })
    .join("");
}

/** The woff2 file of a web font, inside its installed package. */
export function fontFilePath(font: WebFont): string {
  return path.join(path.dirname(require.resolve(`${font.package}/package.json`)), "files", font.file);
}

function loadMetrics(name: string): FontMetrics {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the metrics package has one entry per font
  const loaded = require(`@capsizecss/metrics/${name}`) as { default?: FontMetrics } & FontMetrics;
  return loaded.default ?? loaded;
}

/** The unicode-range the package's own CSS gives this file: the subset is the package's, not retyped here. */
function unicodeRange(font: WebFont): string {
  const dir = path.dirname(require.resolve(`${font.package}/package.json`));
  const css = fs.readFileSync(path.join(dir, "wght.css"), "utf8");
  const block = css.split("@font-face").find((rule) => rule.includes(`files/${font.file}`));
  const range = block && /unicode-range:\s*([^;}]+)/.exec(block)?.[1].trim();
  if (!range) throw new Error(`${font.package}/wght.css declares no unicode-range for ${font.file}`);
  return range;
}
