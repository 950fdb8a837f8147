import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { MIN_BYTES, precompressDir, type PrecompressResult } from "../precompress";

/** Text that compresses like code (repeated words, not one repeated line): seeded, so every run is the same. */
function codeLike(bytes: number, seed: number): string {
  const words = ["function", "return", "const", "this", "props", "children", "className", "undefined", "useState", "=>", "{", "}", "(", ")", ";", "null", "value", "key", "index", "React"];
  let state = seed;
  let text = "";
  while (text.length < bytes) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += `${words[state % words.length]}${state % 7 === 0 ? "\n" : " "}`;
  }
  return text.slice(0, bytes);
}

function randomBytes(bytes: number, seed: number): Buffer {
  const out = Buffer.alloc(bytes);
  let state = seed;
  for (let index = 0; index < bytes; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out[index] = state >> 16;
  }
  return out;
}

const compressed: Record<string, string | Buffer> = {
  "app-3f9c2a1b7d4e5f60a1b2.js": codeLike(30_000, 1),
  "styles.8a7b6c5d4e3f2a1b0c9d.css": codeLike(8_000, 2),
  "index.html": `<!doctype html><html><body>${codeLike(20_000, 3)}</body></html>`,
  "about/index.html": `<!doctype html><html><body>${codeLike(4_000, 4)}</body></html>`,
  "page-data/about/page-data.json": JSON.stringify({ result: { text: codeLike(3_000, 5) } }),
  "icons/logo.svg": `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h10v10z"/>'.repeat(80)}</svg>`,
  "manifest.webmanifest": JSON.stringify({ name: "Fixture", icons: Array.from({ length: 40 }, (_, index) => ({ src: `/icons/icon-${index}.png`, sizes: "48x48" })) }),
  "robots.txt": "User-agent: *\nAllow: /\n".repeat(60),
  "sitemap-0.xml": `<urlset>${"<url><loc>https://example.com/page/</loc></url>".repeat(40)}</urlset>`,
};
const leftAlone: Record<string, string | Buffer> = {
  "small.js": "console.log(1);".repeat(10),
  [`exactly-under-${MIN_BYTES}.css`]: "a".repeat(MIN_BYTES - 1),
  "app-3f9c2a1b7d4e5f60a1b2.js.map": codeLike(20_000, 6),
  "static/abc/hero.png": randomBytes(4_000, 7),
  "incompressible.js": randomBytes(4_000, 8),
  "downloads/menu.tar.gz": randomBytes(2_000, 9),
};

function writeSite(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join("/"))
    .sort();
}

const decoders = [
  ["gz", zlib.gunzipSync],
  ["br", zlib.brotliDecompressSync],
] as const;

function newSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-precompress-"));
  writeSite(dir, { ...compressed, ...leftAlone });
  return dir;
}

describe("precompressDir on a built site", () => {
  let dir: string;
  let result: PrecompressResult;
  beforeAll(async () => {
    dir = newSite();
    result = await precompressDir(dir, { concurrency: 2 });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(Object.keys(compressed).flatMap((name) => decoders.map(([suffix, decode]) => [`${name}.${suffix}`, name, decode] as const)))(
    "writes %s, smaller, decoding to the file",
    (copyName, name, decode) => {
      const original = fs.readFileSync(path.join(dir, name));
      const copy = fs.readFileSync(path.join(dir, copyName));
      expect(copy.length).toBeLessThan(original.length);
      expect(decode(copy).equals(original)).toBe(true);
    },
  );

  it.each(Object.keys(leftAlone))("leaves %s without copies (too small, a source map, an image, incompressible, an archive)", (name) => {
    const names = listing(dir);
    expect(names).toContain(name);
    expect(names).not.toContain(`${name}.gz`);
    expect(names).not.toContain(`${name}.br`);
  });

  it("uses zopfli for scripts and style sheets, zlib's level 9 for the rest, in gzip headers without a name or a date", () => {
    for (const name of Object.keys(compressed)) {
      const original = fs.readFileSync(path.join(dir, name));
      const copy = fs.readFileSync(path.join(dir, `${name}.gz`));
      const level9 = zlib.gzipSync(original, { level: 9 });
      if (/\.(js|css)$/.test(name)) expect(copy.length).toBeLessThan(level9.length);
      else expect(copy.equals(level9)).toBe(true);
      // FLG (no FNAME, no FCOMMENT, nothing extra) and MTIME 0.
      expect(copy[3]).toBe(0);
      expect(copy.readUInt32LE(4)).toBe(0);
    }
  });

  it("uses brotli's top quality for scripts and style sheets and quality 8 for pages and the rest", () => {
    for (const name of Object.keys(compressed)) {
      const original = fs.readFileSync(path.join(dir, name));
      const quality = /\.(js|css)$/.test(name) ? 11 : 8;
      const expected = zlib.brotliCompressSync(original, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      });
      expect(fs.readFileSync(path.join(dir, `${name}.br`)).equals(expected)).toBe(true);
    }
  });

  it("adds up what it did", () => {
    const names = Object.keys(compressed);
    const size = (name: string) => fs.statSync(path.join(dir, name)).size;
    // The incompressible script is large enough to try: it counts, at its own size.
    const incompressible = size("incompressible.js");
    expect(result).toEqual({
      files: names.length + 1,
      originalBytes: names.reduce((sum, name) => sum + size(name), incompressible),
      gzipBytes: names.reduce((sum, name) => sum + size(`${name}.gz`), incompressible),
      brotliBytes: names.reduce((sum, name) => sum + size(`${name}.br`), incompressible),
      written: names.length * 2,
    });
  });
});

describe("precompressDir, each test on a new site", () => {
  let dir: string;
  beforeEach(() => {
    dir = newSite();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes the same bytes every time, at any concurrency", async () => {
    const other = newSite();
    try {
      await precompressDir(dir, { concurrency: 1 });
      await precompressDir(other, { concurrency: 3 });
      expect(listing(other)).toEqual(listing(dir));
      for (const name of listing(dir)) expect(fs.readFileSync(path.join(other, name)).equals(fs.readFileSync(path.join(dir, name)))).toBe(true);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("run again on its own output, compresses no copy and rewrites nothing", async () => {
    await precompressDir(dir);
    const first = listing(dir);
    const written = new Map(first.map((name) => [name, fs.statSync(path.join(dir, name)).mtimeMs]));
    const again = await precompressDir(dir);
    expect(again.written).toBe(0);
    expect(listing(dir)).toEqual(first);
    expect(first.filter((name) => /\.(gz|br)\.(gz|br)$/.test(name))).toEqual([]);
    for (const name of first) expect(fs.statSync(path.join(dir, name)).mtimeMs).toBe(written.get(name));
  });

  it("gives a changed file fresh copies, and keeps the copies of the others", async () => {
    await precompressDir(dir);
    const changed = codeLike(25_000, 42);
    // Same size and mtime as a careless check would compare: only the content differs.
    const file = path.join(dir, "index.html");
    const { mtime } = fs.statSync(file);
    fs.writeFileSync(file, `<!doctype html><html><body>${changed}</body></html>`);
    fs.utimesSync(file, mtime, mtime);
    const again = await precompressDir(dir);
    expect(again.written).toBe(2);
    for (const [suffix, decode] of decoders) expect(decode(fs.readFileSync(`${file}.${suffix}`)).toString("utf8")).toContain(changed);
  });

  it("removes the copies of a file that shrank under the threshold or is gone, leaving other .gz files alone", async () => {
    await precompressDir(dir);
    fs.writeFileSync(path.join(dir, "about/index.html"), "<!doctype html><title>About</title>");
    fs.rmSync(path.join(dir, "styles.8a7b6c5d4e3f2a1b0c9d.css"));
    await precompressDir(dir);
    const names = listing(dir);
    expect(names.filter((name) => name.startsWith("about/index.html"))).toEqual(["about/index.html"]);
    expect(names.filter((name) => name.startsWith("styles."))).toEqual([]);
    expect(names).toContain("downloads/menu.tar.gz");
  });

  it("leaves the process's error handlers as they were (zopfli's emscripten runtime adds its own)", async () => {
    // A first load of zopfli in this process, wherever the suite ran before: out of Node's cache and jest's.
    const nodeRequire = createRequire(__filename);
    const zopfliDir = path.dirname(nodeRequire.resolve("@gfx/zopfli"));
    for (const key of Object.keys(nodeRequire.cache)) if (key.startsWith(zopfliDir)) delete nodeRequire.cache[key];
    const handlers = () => ({ uncaughtException: process.listeners("uncaughtException"), unhandledRejection: process.listeners("unhandledRejection") });
    const before = handlers();
    await jest.isolateModulesAsync(async () => {
      const fresh = await import("../precompress");
      await fresh.precompressDir(dir);
    });
    expect(handlers()).toEqual(before);
  });
});
