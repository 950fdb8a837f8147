import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fontFaceCss, fontFilePath } from "@mainstreet/rules/site/recipe-fonts";
import { recipeWebFonts, type RecipeTokens, type WebFont } from "@mainstreet/rules/site/recipe-tokens";

/** Where the recipe's font files are published; the names carry a content hash, so they can be cached for good. */
const FONTS_URL_DIR = "/fonts/";

export interface PublishedFonts {
  /** @font-face rules (the web fonts and their metric-matched fallbacks) for the head's recipe style. */
  css: string;
  /** URLs to preload in every page's head. */
  urls: string[];
}

/** Copies the recipe's font files into public/fonts/ and returns the CSS and URLs that name them. */
export function publishFonts(tokens: RecipeTokens, publicDir: string): PublishedFonts {
  const urls = new Map<string, string>();
  fs.mkdirSync(path.join(publicDir, FONTS_URL_DIR), { recursive: true });
  for (const font of recipeWebFonts(tokens)) {
    const bytes = fs.readFileSync(fontFilePath(font));
    const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    const name = font.file.replace(/\.woff2$/, `.${hash}.woff2`);
    fs.writeFileSync(path.join(publicDir, FONTS_URL_DIR, name), bytes);
    urls.set(font.file, `${FONTS_URL_DIR}${name}`);
  }
  const urlOf = (font: WebFont) => urls.get(font.file) as string;
  return { css: fontFaceCss(tokens, urlOf), urls: [...urls.values()] };
}
