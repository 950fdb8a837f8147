import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { compactPublishedIcons, monogramInitials, monogramSvg, writeAppIcon } from "../app-icon";

describe("monogramInitials", () => {
  it.each([
    ["Luma Hair & Beauty", "LH"],
    ["Osteria Vela", "OV"],
    ["  ésprit  salon ", "ES"],
    ["7th Street Grocer", "7S"],
    ["!!!", "?"],
    ["Solo", "S"],
  ])("%p → %p", (name, expected) => {
    expect(monogramInitials(name)).toBe(expected);
  });

  it("escapes markup in the monogram svg", () => {
    expect(monogramSvg("A<b>", '"red"')).not.toContain("<b>");
    expect(monogramSvg("A<b>", '"red"')).toContain('fill="&#34;red&#34;"');
  });
});

describe("writeAppIcon", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "icon-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["from the logo", path.resolve(__dirname, "../../../../../data/restaurant/images/logo.png")],
    ["as a monogram without a logo", undefined],
  ])("writes a 512×512 png %s", async (_label, logoFile) => {
    const out = await writeAppIcon({ name: "Osteria Vela", logoFile, brandColor: "#a8321f", outFile: path.join(dir, `${String(Boolean(logoFile))}.png`) });
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);
  });
});

describe("compactPublishedIcons", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "icons-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes the manifest's icons as palette PNGs less than half as heavy, pixels within a few levels, and never heavier", async () => {
    const source = await writeAppIcon({ name: "Osteria Vela", logoFile: path.resolve(__dirname, "../../../../../data/restaurant/images/logo.png"), brandColor: "#a8321f", outFile: path.join(dir, "source.png") });
    fs.mkdirSync(path.join(dir, "icons"));
    // As gatsby-plugin-manifest writes them: 32-bit PNGs.
    const icon = path.join(dir, "icons", "icon-512x512.png");
    await sharp(source).png({ compressionLevel: 6 }).toFile(icon);
    await sharp(source).resize(32, 32).png().toFile(path.join(dir, "favicon-32x32.png"));
    const original = await sharp(icon).ensureAlpha().raw().toBuffer();
    const sizes = await compactPublishedIcons(dir);
    expect(sizes.after).toBeLessThan(sizes.before / 2);
    const meta = await sharp(icon).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);
    const compact = await sharp(icon).ensureAlpha().raw().toBuffer();
    expect(compact.length).toBe(original.length);
    let largest = 0;
    for (let index = 0; index < original.length; index += 1) largest = Math.max(largest, Math.abs(original[index] - compact[index]));
    expect(largest).toBeLessThanOrEqual(8);
    // Run again (a build that kept last build's icons): nothing grows.
    const again = await compactPublishedIcons(dir);
    expect(again.after).toBeLessThanOrEqual(again.before);
    expect(again.before).toBe(sizes.after);
  });

  it("leaves a folder without icons as it is", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-icons-"));
    expect(await compactPublishedIcons(empty)).toEqual({ before: 0, after: 0 });
    fs.rmSync(empty, { recursive: true });
  });
});
