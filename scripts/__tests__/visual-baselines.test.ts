/**
 * The committed visual baselines (e2e/visual/, written by e2e/visual.e2e.ts) show five designs, not one
 * design in five colours: any two recipes' laptop home screens differ in most of their pixels, and every
 * recipe has a baseline for every page type and width the spec photographs.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = path.resolve(__dirname, "../../e2e/visual");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const recipes = (require("gatsby-theme-mainstreet-core/recipe.js") as { builtRecipes(root: string): string[] }).builtRecipes(path.resolve(__dirname, "../.."));
/** Share of pixels whose colour differs by more than a faint tint between two recipes' screenshots. */
const MIN_DIFFERENT_SHARE = 0.3;

async function pixels(file: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(path.join(DIR, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("visual baselines", () => {
  it.each(recipes)("%s has a baseline for home, services, an item and contact at 375 and 1280 px", (recipe) => {
    const expected = ["home", "services", "service-item", "contact"].flatMap((template) => [375, 1280].map((width) => `${recipe}-${template}-${width}.png`));
    expect(expected.filter((file) => !fs.existsSync(path.join(DIR, file)))).toEqual([]);
  });

  const pairs = recipes.flatMap((a, index) => recipes.slice(index + 1).map((b) => [a, b] as const));
  it.each(pairs)("the 1280 px home pages of %s and %s differ clearly", async (a, b) => {
    const [left, right] = await Promise.all([pixels(`${a}-home-1280.png`), pixels(`${b}-home-1280.png`)]);
    expect([left.width, left.height]).toEqual([right.width, right.height]);
    let different = 0;
    for (let offset = 0; offset < left.data.length; offset += 3) {
      const delta = Math.abs(left.data[offset] - right.data[offset]) + Math.abs(left.data[offset + 1] - right.data[offset + 1]) + Math.abs(left.data[offset + 2] - right.data[offset + 2]);
      if (delta > 24) different += 1;
    }
    const share = different / (left.width * left.height);
    expect(share).toBeGreaterThanOrEqual(MIN_DIFFERENT_SHARE);
  });
});
