import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lazyModuleFiles, partCodeFiles, PART_CODE_FILE, type LazyChunkGroup } from "../part-code";

/**
 * The touch parts' code the page watcher prefetches: the files of each lazily loaded module, by the name a part
 * gives its code ("part-" and the file its `import()` loads), kept for the parts the built pages name; and the
 * sources, whose names must follow that rule (a part named otherwise would prefetch nothing, silently).
 */
const group = (initial: boolean, requests: (string | null)[], files: string[][]): LazyChunkGroup => ({
  isInitial: () => initial,
  origins: requests.map((request) => ({ request })),
  chunks: files.map((chunkFiles) => ({ files: chunkFiles })),
});

describe("lazyModuleFiles", () => {
  it("names each lazily loaded module's scripts (its chunk and the shared ones) by its file, leaving out the start's, styles and absolute requests", () => {
    const files = lazyModuleFiles([
      group(true, [null], [["app-1.js"]]),
      group(false, ["./like-button-body"], [["a1b2-2.js"], ["like-button-body-3.js", "styles.4.css"]]),
      group(false, ["../components/hours-display.tsx"], [["hours-5.js"]]),
      group(false, ["/site/.cache/../templates/home-query.tsx"], [["component---home-6.js"]]),
      group(false, ["./styles-only"], [["styles.4.css"]]),
    ]);
    expect(files).toEqual({ "part-like-button-body": ["/a1b2-2.js", "/like-button-body-3.js"], "part-hours-display": ["/hours-5.js"] });
  });

  it("joins the groups of a module loaded from two places", () => {
    expect(lazyModuleFiles([group(false, ["./footer-body"], [["shared-1.js", "footer-2.js"]]), group(false, ["./footer-body"], [["footer-2.js", "more-3.js"]])])).toEqual({
      "part-footer-body": ["/shared-1.js", "/footer-2.js", "/more-3.js"],
    });
  });
});

describe("partCodeFiles", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "part-code-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps the parts the built pages name, and only those", () => {
    fs.writeFileSync(path.join(dir, PART_CODE_FILE), JSON.stringify({ "part-like-button-body": ["/like.js"], "part-footer-body": ["/footer.js"], "part-api-read": ["/api-read.js"] }));
    fs.mkdirSync(path.join(dir, "services"));
    fs.writeFileSync(path.join(dir, "index.html"), '<div class="deferred" data-part-code="part-footer-body"></div>');
    fs.writeFileSync(path.join(dir, "services", "index.html"), '<span data-part-code="part-like-button-body"></span><span data-part-code="part-gone"></span>');
    expect(partCodeFiles(dir)).toEqual({ "part-footer-body": ["/footer.js"], "part-like-button-body": ["/like.js"] });
  });

  it("reads each of the names one part gives: its own code, then what that code loads on the first touch", () => {
    fs.writeFileSync(path.join(dir, PART_CODE_FILE), JSON.stringify({ "part-add-to-cart-button-body": ["/add.js"], "part-item-modal": ["/modal.js"], "part-cart-drawer": ["/drawer.js"] }));
    fs.writeFileSync(path.join(dir, "index.html"), '<span data-deferred-part="add-to-cart" data-part-code="part-add-to-cart-button-body part-item-modal"></span>');
    expect(partCodeFiles(dir)).toEqual({ "part-add-to-cart-button-body": ["/add.js"], "part-item-modal": ["/modal.js"] });
  });

  it("is empty without the plugin's file, or with one it cannot read: the parts then load as they did", () => {
    fs.writeFileSync(path.join(dir, "index.html"), '<div data-part-code="part-footer-body"></div>');
    expect(partCodeFiles(dir)).toEqual({});
    fs.writeFileSync(path.join(dir, PART_CODE_FILE), "{ not json");
    expect(partCodeFiles(dir)).toEqual({});
  });
});

describe("the touch parts' sources", () => {
  const SRC = path.join(__dirname, "..", "..");
  const sources = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !file.includes("__tests__"));
  const calls = sources.flatMap((file) =>
    [...fs.readFileSync(path.join(SRC, file), "utf8").matchAll(/deferred\(\(\) => import\("([^"]+)"\)(?:, (\{[^}]*\}))?\)/g)].map(([, request, options]) => ({ file, request, options: options ?? "" })),
  );

  it("finds the deferred parts", () => {
    expect(calls.length).toBeGreaterThanOrEqual(10);
  });

  it("name each touch part's code after the file its import() loads, and what that file loads lazily after it", () => {
    for (const { file, request, options } of calls) {
      const [own, ...next] = (/code: "([^"]+)"/.exec(options)?.[1] ?? "").split(" ");
      // A part that loads when visible may name its code (the watcher then prefetches it); a touch part must.
      if (/when: "visible"/.test(options) && !own) continue;
      expect({ file, code: own }).toEqual({ file, code: `part-${path.basename(request)}` });
      const loaded = fs.readFileSync(path.join(SRC, path.dirname(file), `${request}.tsx`), "utf8");
      const lazily = [...loaded.matchAll(/import\("([^"]+)"\)/g)].map(([, inner]) => `part-${path.basename(inner)}`);
      for (const code of next) expect({ file, code, loadedBy: request }).toEqual({ file, code: lazily.find((name) => name === code), loadedBy: request });
    }
    expect(calls.some(({ options }) => /code: "part-add-to-cart-button-body part-item-modal"/.test(options))).toBe(true);
  });
});
