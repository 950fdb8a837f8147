/**
 * How far apart two recipes look: the share of pixels that differ between two screenshots of the same page
 * at the same size, counted by pixelmatch at Playwright's own screenshot threshold (0.2, the comparator
 * the visual baselines use), anti-aliased edges not counted. A recipe that only recolours another moves
 * a few per cent of the pixels; a different layout moves whole blocks.
 */
import sharp from "sharp";
import pixelmatch from "pixelmatch";

/** The least share any two recipes' salon home pages at 1280 px differ in (issue: five designs a merchant can tell apart). */
export const MIN_RECIPE_DISTANCE = 0.12;
const THRESHOLD = 0.2;

interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

export async function readRgba(file: string): Promise<Rgba> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Share of pixels (0…1) that differ between two images of one size. */
export function differentShare(left: Rgba, right: Rgba): number {
  if (left.width !== right.width || left.height !== right.height) {
    throw new Error(`cannot compare a ${left.width}×${left.height} image with a ${right.width}×${right.height} one`);
  }
  const different = pixelmatch(left.data, right.data, null, left.width, left.height, { threshold: THRESHOLD });
  return different / (left.width * left.height);
}

export interface RecipePair {
  a: string;
  b: string;
  share: number;
}

/** Every unordered pair of recipes with the share of pixels their images differ in. */
export function pairwiseDistances(images: ReadonlyMap<string, Rgba>): RecipePair[] {
  const names = [...images.keys()];
  return names.flatMap((a, index) => names.slice(index + 1).map((b) => ({ a, b, share: differentShare(images.get(a) as Rgba, images.get(b) as Rgba) })));
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** A square table of the pairs, one row and one column per recipe, for a terminal or a report. */
export function formatMatrix(names: readonly string[], pairs: readonly RecipePair[]): string {
  const shareOf = (a: string, b: string) => pairs.find((pair) => (pair.a === a && pair.b === b) || (pair.a === b && pair.b === a))?.share;
  const width = Math.max(9, ...names.map((name) => name.length)) + 2;
  const cell = (text: string) => text.padStart(width);
  const header = " ".repeat(width) + names.map(cell).join("");
  const rows = names.map((row) => row.padEnd(width) + names.map((column) => cell(row === column ? "—" : percent(shareOf(row, column) ?? Number.NaN))).join(""));
  return [header, ...rows].join("\n");
}

/** The pairs closer than the minimum, closest first. */
export function tooClose(pairs: readonly RecipePair[], minimum = MIN_RECIPE_DISTANCE): RecipePair[] {
  return pairs.filter((pair) => pair.share < minimum).sort((left, right) => left.share - right.share);
}
