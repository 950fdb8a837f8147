import fs from "node:fs";
import path from "node:path";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import { fallbackFamily, localFallbacks, recipeWebFonts, WEB_FONT_WEIGHTS, type RecipeTokens, type WebFont } from "./recipe-tokens";

/** Where a published web font file is and which characters it carries (a `unicode-range` value). */
export interface PublishedFace {
  url: string;
  unicodeRange: string;
}

/** A recipe's web font as published: one variable file, cut to the site's characters and the published weights (node/fonts.ts in the core theme). */
export interface WebFontFace extends PublishedFace {
  /** The family the recipe's font stacks name first ("Fraunces Variable"). */
  family: string;
  /** The weight range the file carries, as a font-weight descriptor ("400 700"). */
  weight: string;
}

/**
 * A recipe's web fonts as published: each the one variable file the recipe names (cut to the site's characters and
 * to the weights the stylesheets use), limited to the characters the file carries. The page's head loads them
 * after its first paint (node/font-loader.ts in the core theme); the recipe's style declares them only for a
 * browser that runs no scripts.
 */
export function webFontFaces(tokens: RecipeTokens, faceOf: (font: WebFont) => PublishedFace): WebFontFace[] {
  return recipeWebFonts(tokens).map((font) => ({ family: font.family, weight: `${WEB_FONT_WEIGHTS.min} ${WEB_FONT_WEIGHTS.max}`, ...faceOf(font) }));
}

/** The @font-face rules of published faces, swapping: text is drawn at once in the fallback, which takes the same lines. */
export function webFontFaceCss(faces: readonly WebFontFace[]): string {
  return faces
    .map((face) =>
      [`font-family:"${face.family}"`, "font-style:normal", "font-display:swap", `font-weight:${face.weight}`, `src:url(${face.url}) format("woff2")`, `unicode-range:${face.unicodeRange}`].join(";"),
    )
    .map((descriptors) => `@font-face{${descriptors}}`)
    .join("");
}

/**
 * The fallback faces of each web font (recipe-tokens.ts localFallbacks): each local font scaled, and with ascent,
 * descent and line gap overridden by Capsize from both fonts' metrics, so text set before the web font arrives
 * takes the same lines and the swap moves nothing. A face none of whose local fonts the visitor has is skipped by
 * the browser for the next in the stack. In the recipe's style, from the first paint.
 */
export function fallbackFaceCss(tokens: RecipeTokens): string {
  return recipeWebFonts(tokens)
    .flatMap((font) =>
      localFallbacks(font).map((fallback, index) => {
        const { fontFaces } = createFontStack([{ ...loadMetrics(font.metrics), familyName: font.family }, loadMetrics(fallback.metrics)], { fontFaceFormat: "styleObject" });
        const { fontFamily: _named, src: _local, ...overrides } = fontFaces[0]["@font-face"];
        const descriptors = [`font-family:"${fallbackFamily(font, index)}"`, `src:${fallback.locals.map((name) => `local("${name}")`).join(",")}`];
        for (const [property, value] of Object.entries(overrides)) descriptors.push(`${property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${String(value)}`);
        return `@font-face{${descriptors.join(";")}}`;
      }),
    )
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
