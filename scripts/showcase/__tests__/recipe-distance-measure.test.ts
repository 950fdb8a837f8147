import { differentShare, formatMatrix, pairwiseDistances, tooClose } from "../recipe-distance-measure";

/** A solid image with, optionally, a block of another colour in its top-left corner. */
function image(width: number, height: number, ground: number[], block?: { size: number; colour: number[] }) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = block && x < block.size && y < block.size ? block.colour : ground;
      data.set([...colour, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const WHITE = [255, 255, 255];
const CREAM = [250, 246, 240];
const INK = [28, 31, 36];

describe("differentShare", () => {
  it.each([
    ["the same image", image(20, 20, WHITE), image(20, 20, WHITE), 0],
    ["a faint tint of the ground, under the threshold", image(20, 20, WHITE), image(20, 20, CREAM), 0],
    ["a 10 × 10 ink block in a 20 × 20 image", image(20, 20, WHITE), image(20, 20, WHITE, { size: 10, colour: INK }), 0.25],
    ["an image in ink against one in white", image(20, 20, WHITE), image(20, 20, INK), 1],
  ])("%s", (_label, left, right, share) => {
    expect(differentShare(left, right)).toBeCloseTo(share, 5);
  });

  it("refuses images of different sizes", () => {
    expect(() => differentShare(image(20, 20, WHITE), image(20, 10, WHITE))).toThrow("cannot compare a 20×20 image with a 20×10 one");
  });
});

describe("the recipe matrix", () => {
  const images = new Map([
    ["plain", image(20, 20, WHITE)],
    ["tinted", image(20, 20, CREAM)],
    ["blocked", image(20, 20, WHITE, { size: 10, colour: INK })],
  ]);
  const pairs = pairwiseDistances(images);

  it("measures every unordered pair once", () => {
    expect(pairs.map((pair) => `${pair.a}–${pair.b}`)).toEqual(["plain–tinted", "plain–blocked", "tinted–blocked"]);
  });

  it("names the pairs closer than 12 %, closest first", () => {
    expect(tooClose(pairs).map((pair) => `${pair.a}–${pair.b}`)).toEqual(["plain–tinted"]);
    expect(tooClose(pairs, 0.3).map((pair) => pair.share)).toEqual([0, 0.25, 0.25]);
  });

  it("prints a square table in per cent", () => {
    expect(formatMatrix(["plain", "tinted", "blocked"], pairs).split("\n")).toEqual([
      "                 plain     tinted    blocked",
      "plain                —      0.0 %     25.0 %",
      "tinted           0.0 %          —     25.0 %",
      "blocked         25.0 %     25.0 %          —",
    ]);
  });
});
