import { z } from "zod";
import { brandPalette, type PaletteBase } from "./color";

/**
 * A recipe's design tokens: the only place a recipe writes a colour, a font, a size or a timing. The
 * core theme turns them into CSS custom properties on :root (one <style> in every page's head, with the
 * business's brand colour worked into an AA-checked palette), and every stylesheet reads the variables.
 * Validated here because a recipe is configuration too: a typo stops the build with the field named.
 */
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "expected a six-digit hex colour like #a3154a" });
const css = z.string().min(1).regex(/^[^;{}<>]+$/, { message: "expected one CSS value (no ;, braces or angle brackets)" });

/**
 * A self-hosted web font: one variable woff2 file of an @fontsource-variable package (one subset, the
 * weight axis only), and the metrics (@capsizecss/metrics names) that make its local fallback take the
 * same space, so swapping fonts in moves nothing (CLS 0).
 */
export const WebFontSchema = z
  .object({
    family: z.string().regex(/^[A-Za-z0-9 ]+$/, { message: "expected a font family name (letters, digits, spaces)" }).describe("The family name the package's CSS declares, e.g. Inter Variable."),
    package: z.string().regex(/^@fontsource-variable\/[a-z0-9-]+$/, { message: "expected an @fontsource-variable/<name> package" }),
    file: z.string().regex(/^[a-z0-9-]+-latin-wght-normal\.woff2$/, { message: "expected the package's latin weight-axis file, like inter-latin-wght-normal.woff2" }),
    metrics: z.string().regex(/^[A-Za-z0-9]+$/, { message: "expected a @capsizecss/metrics font name, like inter" }),
    fallback: z.enum(["arial", "timesNewRoman", "georgia"], { message: 'expected "arial", "timesNewRoman" or "georgia"' }).describe("The local font metric-matched to it."),
    generic: z.enum(["sans-serif", "serif"], { message: 'expected "sans-serif" or "serif"' }),
  })
  .strict();
export type WebFont = z.infer<typeof WebFontSchema>;

/**
 * The weights the stylesheets set (400 to 700, checked by the theme's tests): each web font is published
 * cut to this stretch of its weight axis, about half the bytes of the whole axis. A weight outside it is
 * drawn at the nearest end, never faked.
 */
export const WEB_FONT_WEIGHTS = { min: 400, max: 700 } as const;

const WEIGHT_EXPECTATION = `expected a whole weight from ${WEB_FONT_WEIGHTS.min} to ${WEB_FONT_WEIGHTS.max}, the stretch of the weight axis the fonts are published with`;
const publishedWeight = z.number().int({ message: WEIGHT_EXPECTATION }).min(WEB_FONT_WEIGHTS.min, { message: WEIGHT_EXPECTATION }).max(WEB_FONT_WEIGHTS.max, { message: WEIGHT_EXPECTATION });

export const RecipeTokensSchema = z
  .object({
    colors: z
      .object({
        brand: hex.describe("Accent when the business gives no brand colour."),
        ground: hex.describe("Page background."),
        surface: hex.describe("Cards, dialogs, fields."),
        footer: hex.describe("Footer and quiet panels."),
        ink: hex.describe("Body text."),
        muted: hex.describe("Secondary text (AA on ground and surface)."),
        line: hex.describe("Hairlines and borders."),
        lineStrong: hex.describe("Field borders (3:1 on surface)."),
        focus: hex.describe("Focus ring."),
        success: hex,
        warning: hex,
        danger: hex.describe("Errors: field borders and messages (AA on surface)."),
        darkText: hex.describe("Dark text on light fills."),
        lightText: hex.describe("Light text on dark fills (text on the brand colour)."),
      })
      .strict(),
    fonts: z.object({ body: WebFontSchema, display: WebFontSchema, displayWeight: publishedWeight }).strict(),
    /** Modular type scale, from small print (-1) to the hero title (4). */
    typeScale: z.object({ "-1": css, "0": css, "1": css, "2": css, "3": css, "4": css }).strict(),
    /** Spacing steps 1 (tight) to 6 (between page sections). */
    space: z.tuple([css, css, css, css, css, css]),
    radii: z.object({ base: css, large: css, pill: css }).strict(),
    shadows: z.object({ card: css, popup: css }).strict(),
    layout: z.object({ container: css }).strict(),
    motion: z.object({ duration: css, ease: css }).strict(),
  })
  .strict();

export type RecipeTokens = z.infer<typeof RecipeTokensSchema>;

/**
 * The colours every recipe shares unless it has reason not to: the focus ring and the status colours,
 * chosen once to be AA on light grounds (the recipe-tokens tests check them against each recipe's), and
 * the text for dark and light fills. A recipe spreads them into its `colors` and writes only its own.
 */
export const SHARED_COLORS = {
  focus: "#1f5fbf",
  success: "#1c6b3a",
  warning: "#8a4b00",
  danger: "#b3261e",
  darkText: "#111111",
  lightText: "#ffffff",
} as const satisfies Partial<RecipeTokens["colors"]>;

export class RecipeTokensError extends Error {}

/** The tokens, checked; one line per problem, naming the recipe and the field. */
export function parseRecipeTokens(recipe: string, value: unknown): RecipeTokens {
  const parsed = RecipeTokensSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `recipe ${recipe}: tokens.${issue.path.join(".")}: ${issue.message}`);
  throw new RecipeTokensError(lines.join("\n"));
}

export function paletteBase(tokens: RecipeTokens): PaletteBase {
  const { brand, ground, surface, ink, darkText, lightText } = tokens.colors;
  return { brand, ground, surface, ink, darkText, lightText };
}

/** A local font that stands in for a web font until it arrives: its metrics (@capsizecss/metrics) and the local() names that have them. */
export interface LocalFallback {
  metrics: string;
  locals: readonly string[];
}

/** Arial's widths and line box: Liberation Sans and Arimo (Linux, ChromeOS) are drawn to them. */
const ARIAL: LocalFallback = { metrics: "arial", locals: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"] };
/** Times New Roman's: Liberation Serif and Tinos are drawn to them. */
const TIMES: LocalFallback = { metrics: "timesNewRoman", locals: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif", "Tinos"] };
const GEORGIA: LocalFallback = { metrics: "georgia", locals: ["Georgia"] };
/** Android has none of the above. */
const ANDROID_SANS: LocalFallback = { metrics: "roboto", locals: ["Roboto", "Roboto-Regular"] };
const ANDROID_SERIF: LocalFallback = { metrics: "notoSerif", locals: ["Noto Serif", "NotoSerif"] };

/**
 * The local fonts a web font's fallback faces use, in order: the recipe's choice where the visitor has it (Apple,
 * Windows), then one a Linux or Android device has. Each gets its own face, sized to its own metrics
 * (recipe-fonts.ts): the web fonts are loaded after the first paint, so every first visit is drawn in one of these.
 */
export function localFallbacks(font: WebFont): LocalFallback[] {
  if (font.fallback === "arial") return [ARIAL, ANDROID_SANS];
  if (font.fallback === "timesNewRoman") return [TIMES, ANDROID_SERIF];
  return [GEORGIA, TIMES, ANDROID_SERIF];
}

/** The family name of a web font's fallback face: "Inter Variable Fallback", then "… Fallback 2" and on. */
export function fallbackFamily(font: WebFont, index: number): string {
  return `${font.family} Fallback${index === 0 ? "" : ` ${index + 1}`}`;
}

/** `"Inter Variable", "Inter Variable Fallback", "Inter Variable Fallback 2", sans-serif`: the web font, its sized local stand-ins, the generic. */
export function fontStack(font: WebFont): string {
  return [font.family, ...localFallbacks(font).map((_, index) => fallbackFamily(font, index))].map((name) => `"${name}"`).concat(font.generic).join(", ");
}

/** The distinct font files a recipe loads (body and display may share one). */
export function recipeWebFonts(tokens: RecipeTokens): WebFont[] {
  const fonts = [tokens.fonts.display, tokens.fonts.body];
  return fonts.filter((font, index) => fonts.findIndex((other) => other.file === font.file) === index);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * Every token as a CSS custom property, the business's brand colour folded in: `--color-brand`,
 * `--color-brand-dark`, `--color-brand-soft` and `--color-on-brand` are the AA-checked palette.
 */
export function tokenVariables(tokens: RecipeTokens, brandColor: string | null | undefined): Record<string, string> {
  const palette = brandPalette(brandColor, paletteBase(tokens));
  const variables: Record<string, string> = {};
  // The recipe's own brand colour is only the palette's fallback: --color-brand comes from the palette.
  for (const [name, value] of Object.entries(tokens.colors)) if (name !== "brand") variables[`--color-${kebab(name)}`] = value;
  variables["--color-brand"] = palette.brand;
  variables["--color-brand-dark"] = palette.brandDark;
  variables["--color-brand-soft"] = palette.brandSoft;
  variables["--color-on-brand"] = palette.onBrand;
  variables["--font-body"] = fontStack(tokens.fonts.body);
  variables["--font-display"] = fontStack(tokens.fonts.display);
  variables["--font-display-weight"] = String(tokens.fonts.displayWeight);
  for (const [step, value] of Object.entries(tokens.typeScale)) variables[`--step-${step}`] = value;
  tokens.space.forEach((value, index) => {
    variables[`--space-${index + 1}`] = value;
  });
  variables["--radius"] = tokens.radii.base;
  variables["--radius-lg"] = tokens.radii.large;
  variables["--radius-pill"] = tokens.radii.pill;
  variables["--shadow-card"] = tokens.shadows.card;
  variables["--shadow-popup"] = tokens.shadows.popup;
  variables["--container"] = tokens.layout.container;
  variables["--duration-default"] = tokens.motion.duration;
  variables["--ease-out"] = tokens.motion.ease;
  return variables;
}

/** The :root rule for the page head. Values were validated to hold no `;`, braces or angle brackets. */
export function tokenStylesheet(tokens: RecipeTokens, brandColor: string | null | undefined): string {
  const declarations = Object.entries(tokenVariables(tokens, brandColor)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(";")}}`;
}
