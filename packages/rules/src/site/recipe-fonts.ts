import fs from "node:fs";
import path from "node:path";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import { recipeWebFonts, WEB_FONT_WEIGHTS, type RecipeTokens, type WebFont } from "./recipe-tokens";

/** Where a published web font file is and which characters it carries (a `unicode-range` value). */
export interface PublishedFace {
  url: string;
  unicodeRange: string;
}

/**
 * The @font-face rules of a recipe's web fonts (Node only: it reads packages). Each face is the one
 * variable file the recipe names, as published (cut to the site's characters and to the weights the
 * stylesheets use), `font-display: swap`, limited to the characters the file carries (so any other
 * character is drawn by the local fallback, not missing); and each gets a "<family> Fallback" face: the
 * local font scaled and with ascent, descent and line gap overridden by Capsize from both fonts' metrics,
 * so text set before the font arrives takes the same lines and the swap moves nothing.
 */
export function fontFaceCss(tokens: RecipeTokens, faceOf: (font: WebFont) => PublishedFace): string {
  return recipeWebFonts(tokens)
    .map((font) => {
      const published = faceOf(font);
      const face = [
        `font-family:"${font.family}"`,
        "font-style:normal",
        "font-display:swap",
        `font-weight:${WEB_FONT_WEIGHTS.min} ${WEB_FONT_WEIGHTS.max}`,
        `src:url(${published.url}) format("woff2")`,
        `unicode-range:${published.unicodeRange}`,
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
export function packageUnicodeRange(font: WebFont): string {
  const dir = path.dirname(require.resolve(`${font.package}/package.json`));
  const css = fs.readFileSync(path.join(dir, "wght.css"), "utf8");
  const block = css.split("@font-face").find((rule) => rule.includes(`files/${font.file}`));
  const range = block && /unicode-range:\s*([^;}]+)/.exec(block)?.[1].trim();
  if (!range) throw new Error(`${font.package}/wght.css declares no unicode-range for ${font.file}`);
  return range;
}
