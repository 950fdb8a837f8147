/**
 * Colour arithmetic for the recipe's palette (WCAG 2.2 contrast): the business's brand colour is used for
 * buttons, links and accents only in a shade that keeps text readable at AA (4.5:1) on the page ground and
 * under white button text. A merchant's colour that is too light is darkened until it passes, never refused.
 */

export type Rgb = { r: number; g: number; b: number };

/** WCAG 2.2 AA minimum contrast for normal-size text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/** The colours of a recipe that the brand palette is checked against (a recipe's tokens supply them). */
export interface PaletteBase {
  /** The recipe's own accent, used when the business gives no brand colour. */
  brand: string;
  ground: string;
  surface: string;
  ink: string;
  darkText: string;
  lightText: string;
}

/** Text pairings used when no recipe is involved (the 'Powered by' banner): near-black and white. */
export const TEXT_PAIR = { darkText: "#111111", lightText: "#ffffff" } as const;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHexColor(hex: string): Rgb {
  const match = HEX.exec((hex ?? "").trim());
  if (!match) throw new RangeError(`colour: expected a hex colour like "#a3154a" or "#fff", got ${JSON.stringify(hex)}`);
  const digits = match[1].length === 3 ? match[1].replace(/./g, (digit) => digit + digit) : match[1];
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX.test(value.trim());
}

/**
 * The colour as browsers report a computed colour: "rgb(163, 21, 74)".
 * @internal Tests only: the browser and component tests compare a computed colour with the palette.
 */
export function cssRgb(hex: string): string {
  const { r, g, b } = parseHexColor(hex);
  return `rgb(${r}, ${g}, ${b})`;
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (value: number) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHexColor(hex);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text, whichever reads better on `background`. */
export function readableTextColor(background: string, pair: { darkText: string; lightText: string } = TEXT_PAIR): string {
  return contrastRatio(background, pair.darkText) >= contrastRatio(background, pair.lightText) ? pair.darkText : pair.lightText;
}

/** `amount` 0 keeps `from`, 1 gives `to`. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = parseHexColor(from);
  const b = parseHexColor(to);
  const t = Math.min(1, Math.max(0, amount));
  return toHex({ r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t });
}

const DARKEN_STEP = 0.04;

/**
 * The colour itself when it already reaches `minRatio` against every background, else the lightest shade
 * of it (mixed towards black in small steps) that does. Black always passes, so this always returns.
 */
export function darkenToContrast(color: string, backgrounds: readonly string[], minRatio: number = AA_TEXT_CONTRAST): string {
  const passes = (candidate: string) => backgrounds.every((background) => contrastRatio(candidate, background) >= minRatio);
  for (let amount = 0; amount < 1; amount += DARKEN_STEP) {
    const candidate = mixColors(color, "#000000", amount);
    if (passes(candidate)) return candidate;
  }
  return "#000000";
}

export type BrandPalette = {
  /** Buttons, accents, links on the ground: AA with white text and on the ground and surface. */
  brand: string;
  /** Hover state and link text: a clearly darker shade of `brand`. */
  brandDark: string;
  /** Tinted panels (page headers); ink text stays AA on it. */
  brandSoft: string;
  /** Text on `brand`. */
  onBrand: string;
};

const DARK_SHADE = 0.28;
const SOFT_TINT = 0.9;

/**
 * The palette the layout exposes as CSS variables, from the business's primary colour (or the recipe's
 * own, from its tokens). Every text pairing it is used in meets AA; `brandSoft` is checked against the ink colour.
 */
export function brandPalette(primary: string | null | undefined, base: PaletteBase): BrandPalette {
  const start = isHexColor(primary) ? toHex(parseHexColor(primary)) : base.brand;
  const brand = darkenToContrast(start, [base.lightText, base.ground, base.surface]);
  const brandDark = mixColors(brand, "#000000", DARK_SHADE);
  let brandSoft = mixColors(brand, base.surface, SOFT_TINT);
  if (contrastRatio(brandSoft, base.ink) < AA_TEXT_CONTRAST || contrastRatio(brandSoft, brandDark) < AA_TEXT_CONTRAST) {
    brandSoft = base.ground;
  }
  return { brand, brandDark, brandSoft, onBrand: base.lightText };
}
