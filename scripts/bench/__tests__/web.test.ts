import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copyWithoutScripts, withoutScripts } from "../no-js";
import { firstResult, median, medians, missedGoals, ratio, ratioTable, type PageFigures, type WebRun } from "../web-table";

describe("withoutScripts (the salon's own HTML with no JavaScript)", () => {
  it.each<[string, string, string]>([
    ["an external script", '<head><script src="/app-1a2b3c4d5e.js" async=""></script></head>', "<head></head>"],
    ["an inline script", '<body><script id="gatsby-chunk-mapping">window.___chunkMapping={}</script></body>', "<body></body>"],
    ["a script preload", '<link rel="preload" href="/app-1a2b3c4d5e.js" as="script"/><link rel="stylesheet" href="/s.css"/>', '<link rel="stylesheet" href="/s.css"/>'],
    ["the manifest", '<link rel="manifest" href="/manifest.webmanifest" crossorigin="anonymous"/>', ""],
    ["structured data stays", '<script type="application/ld+json">{"@type":"ItemList"}</script>', '<script type="application/ld+json">{"@type":"ItemList"}</script>'],
    ["the font loader stays", '<script data-font-loader="">(function(F,k){})([],"k")</script>', '<script data-font-loader="">(function(F,k){})([],"k")</script>'],
    ["a script named like the loader does not", '<script id="data-font-loader-x">x()</script>', ""],
  ])("%s", (_name, html, expected) => {
    expect(withoutScripts(html)).toBe(expected);
  });
});

describe("copyWithoutScripts", () => {
  it("strips every page's scripts, leaves Gatsby's page-data folder named 404.html alone and drops the worker and the pages' precompressed copies", () => {
    const from = fs.mkdtempSync(path.join(os.tmpdir(), "no-js-from-"));
    const to = path.join(os.tmpdir(), `no-js-to-${process.pid}`);
    fs.mkdirSync(path.join(from, "page-data", "404.html"), { recursive: true });
    fs.writeFileSync(path.join(from, "page-data", "404.html", "page-data.json"), "{}");
    fs.mkdirSync(path.join(from, "about"));
    fs.writeFileSync(path.join(from, "about", "index.html"), '<p>About</p><script src="/app-1.js" async></script>');
    fs.writeFileSync(path.join(from, "sw.js"), "self.x=1");
    // The salon's precompressed copies: its pages with their scripts, its worker.
    for (const file of ["about/index.html", "sw.js"]) for (const suffix of [".gz", ".br"]) fs.writeFileSync(path.join(from, `${file}${suffix}`), "copy");
    fs.writeFileSync(path.join(from, "app-1.js.br"), "copy");
    expect(copyWithoutScripts(from, to)).toBe(1);
    expect(fs.readFileSync(path.join(to, "about", "index.html"), "utf8")).toBe("<p>About</p>");
    expect(fs.existsSync(path.join(to, "page-data", "404.html", "page-data.json"))).toBe(true);
    expect(fs.existsSync(path.join(to, "sw.js"))).toBe(false);
    expect(fs.readdirSync(to, { recursive: true }).filter((name) => /\.(gz|br)$/.test(String(name)))).toEqual(["app-1.js.br"]);
    fs.rmSync(from, { recursive: true });
    fs.rmSync(to, { recursive: true });
  });
});

describe("bench:web figures", () => {
  it.each<[(number | null)[], number | null]>([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[null, 5], 5],
    [[], null],
  ])("median of %p is %p", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it.each<[number | null, number | null, string]>([
    [280, 140, "2.00×"],
    [0, 0, "1.00×"],
    [10, 0, "n/a"],
    [null, 3, "n/a"],
  ])("ratio %p / %p", (a, b, expected) => {
    expect(ratio(a, b)).toBe(expected);
  });

  const runOf = (performance: number, lcpMs: number, tbtMs: number): WebRun => ({ performance, lcpMs, tbtMs, cls: 0, fcpMs: 900, mainThreadMs: 800, jsBytes: 1000, prefetchedJsBytes: 0 });

  it("compares the salon with the no-JS copy page by page", () => {
    const table = ratioTable(
      [{ page: "home", rounds: 3, sites: [{ name: "salon", figures: medians([runOf(0.97, 1500, 250), runOf(0.99, 1400, 200), runOf(0.98, 1450, 300)]) }, { name: "no-js", figures: medians([runOf(0.99, 1300, 120), runOf(0.99, 1300, 130), runOf(1, 1200, 140)]) }] }],
      "salon",
      "no-js",
    );
    const row = table.split("\n").find((line) => line.startsWith("| home"));
    expect(row?.split("|").map((cell) => cell.trim()).filter(Boolean)).toEqual(["home", "-0.01", "1.92×", "1.12×", "0.000", "1.00×"]);
  });
});

describe("missedGoals (issue 38's goals, page by page)", () => {
  const figures = (lcpMs: number, mainThreadMs: number, jsBytes: number) => ({ performance: 1, lcpMs, tbtMs: 0, cls: 0, fcpMs: 800, mainThreadMs, jsBytes, prefetchedJsBytes: 0 });
  const page = (salon: WebRun, bare: WebRun | null, noJs: WebRun): PageFigures => ({
    page: "home",
    rounds: 5,
    sites: [{ name: "salon", figures: salon }, ...(bare ? [{ name: "bare", figures: bare }] : []), { name: "no-js", figures: noJs }],
  });

  it.each<[string, PageFigures, string[]]>([
    ["every goal met, at the limits", page(figures(1200, 1300, 70 * 1024), figures(1000, 500, 59 * 1024), figures(1100, 1000, 0)), []],
    [
      "each goal missed",
      page(figures(2000, 1500, 75.3 * 1024), figures(676, 527, 59 * 1024), figures(1772, 767, 0)),
      ["home: LCP 2.96× the bare site's (goal ≤ 1.2×)", "home: main thread 1.96× the no-JS copy's (goal ≤ 1.3×)", "home: 75.3 KiB of JavaScript (goal ≤ 70 KiB)"],
    ],
    ["no bare figures: the LCP goal cannot be shown met", page(figures(1000, 1000, 1024), null, figures(1000, 1000, 0)), ["home: LCP n/a the bare site's (goal ≤ 1.2×)"]],
  ])("%s", (_name, figuresOfPage, expected) => {
    expect(missedGoals([figuresOfPage])).toEqual(expected);
  });
});

describe("firstResult (a failed Lighthouse run is run again)", () => {
  it.each<[string, (number | null)[], number | null, number]>([
    ["the first run's figures when it gives any", [7, 8], 7, 1],
    ["the second run's after one failure", [null, 8], 8, 2],
    ["none after every attempt failed", [null, null, null], null, 3],
  ])("%s", async (_case, outcomes, expected, runs) => {
    const run = jest.fn(async (attempt: number) => outcomes[attempt - 1] ?? null);
    await expect(firstResult(3, run)).resolves.toBe(expected);
    expect(run).toHaveBeenCalledTimes(runs);
    expect(run.mock.calls.map(([attempt]) => attempt)).toEqual(Array.from({ length: runs }, (_, index) => index + 1));
  });
});
