import { isPrecompressible, precompressedSource } from "../precompressed";

describe("isPrecompressible: which built files get .gz and .br copies", () => {
  it.each<[string, boolean]>([
    ["app-3f9c2a1b7d4e5f60a1b2.js", true],
    ["styles.8a7b6c5d4e3f2a1b0c9d.css", true],
    ["about/index.html", true],
    ["page-data/index/page-data.json", true],
    ["icons/logo.svg", true],
    ["manifest.webmanifest", true],
    ["robots.txt", true],
    ["sitemap-0.xml", true],
    ["INDEX.HTML", true],
    ["app-3f9c2a1b7d4e5f60a1b2.js.map", false],
    ["app.js.gz", false],
    ["app.js.br", false],
    ["static/abc/hero.webp", false],
    ["fonts/fraunces.woff2", false],
    ["chunk-map.jsonp", false],
  ])("%s → %s", (name, expected) => {
    expect(isPrecompressible(name)).toBe(expected);
  });
});

describe("precompressedSource: the file a copy stands for", () => {
  it.each<[string, string | null]>([
    ["app-3f9c2a1b7d4e5f60a1b2.js.gz", "app-3f9c2a1b7d4e5f60a1b2.js"],
    ["app-3f9c2a1b7d4e5f60a1b2.js.br", "app-3f9c2a1b7d4e5f60a1b2.js"],
    ["about/index.html.br", "about/index.html"],
    ["sw.js.gz", "sw.js"],
    ["app.js", null],
    ["app.js.map.gz", null],
    ["downloads/menu.tar.gz", null],
    ["static/abc/hero.jpg.br", null],
    [".gz", null],
  ])("%s → %s", (name, expected) => {
    expect(precompressedSource(name)).toBe(expected);
  });
});
