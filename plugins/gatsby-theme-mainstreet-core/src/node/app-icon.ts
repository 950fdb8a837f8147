import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { MANIFEST } from "@mainstreet/rules/business/constants";

/** Where the web-app icon for the current build is written (git-ignored). */
export const APP_ICON_PATH = path.join(".mainstreet", "app-icon.png");

/** Up to two initials from the business name: "Luma Hair & Beauty" → "LH", "Osteria Vela" → "OV". */
export function monogramInitials(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ""))
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("") || "?";
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A square monogram for businesses without a logo. */
export function monogramSvg(name: string, color: string): string {
  const size = MANIFEST.iconSizePx;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="${escapeXml(color)}"/>
  <text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="220" font-weight="700" fill="#ffffff">${escapeXml(monogramInitials(name))}</text>
</svg>`;
}

/**
 * Writes the 512×512 web-app icon (SPEC §9): the business logo centred on the manifest background,
 * or a generated monogram when there is no logo.
 */
export async function writeAppIcon(options: { name: string; logoFile?: string; brandColor: string; outFile?: string }): Promise<string> {
  const outFile = options.outFile ?? APP_ICON_PATH;
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const size = MANIFEST.iconSizePx;
  const source = options.logoFile && fs.existsSync(options.logoFile)
    ? sharp(options.logoFile, { density: 300 }).resize(Math.round(size * 0.8), Math.round(size * 0.8), { fit: "contain", background: MANIFEST.backgroundColor })
    : null;
  if (source) {
    const logo = await source.png().toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: MANIFEST.backgroundColor } })
      .composite([{ input: logo, gravity: "center" }])
      .png()
      .toFile(outFile);
  } else {
    await sharp(Buffer.from(monogramSvg(options.name, options.brandColor))).png().toFile(outFile);
  }
  return outFile;
}

/** What gatsby-plugin-manifest writes from the app icon: the manifest's icon and the favicon. */
const PUBLISHED_ICONS = [path.join("icons", `icon-${MANIFEST.iconSizePx}x${MANIFEST.iconSizePx}.png`), "favicon-32x32.png"];

/**
 * The manifest's icons written again as palette PNGs, each kept only when smaller. The plugin writes them as
 * 32-bit PNGs (the salon's 512 px icon 16.9 KB): a phone's browser fetches that icon when it reads the manifest
 * (Lighthouse's installability check does, in the middle of the page's load). Quantised to at most 256 colours a
 * flat logo or monogram changes by at most a few levels of 255 and weighs less than half (the salon's 7.1 KB).
 * Returns the bytes before and after, summed over the icons found.
 */
export async function compactPublishedIcons(publicDir: string): Promise<{ before: number; after: number }> {
  let before = 0;
  let after = 0;
  for (const name of PUBLISHED_ICONS) {
    const file = path.join(publicDir, name);
    if (!fs.existsSync(file)) continue;
    const original = fs.readFileSync(file);
    const compact = await sharp(original).png({ palette: true, quality: 100, effort: 10, compressionLevel: 9 }).toBuffer();
    before += original.length;
    if (compact.length < original.length) fs.writeFileSync(file, compact);
    after += Math.min(compact.length, original.length);
  }
  return { before, after };
}
