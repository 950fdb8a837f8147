/**
 * A recipe's web font as published: one variable file, cut to the site's characters and the published weights
 * (node/fonts.ts in the core theme). Browser-safe: the page's head turns these into the font loader's list and
 * into the @font-face rules a visitor without JavaScript gets.
 */
export interface WebFontFace {
  /** The family the recipe's font stacks name first ("Fraunces Variable"). */
  family: string;
  url: string;
  /** The weight range the file carries, as a font-weight descriptor ("400 700"). */
  weight: string;
  /** The characters the file carries: any other is drawn by the metric-matched fallback, not missing. */
  unicodeRange: string;
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
