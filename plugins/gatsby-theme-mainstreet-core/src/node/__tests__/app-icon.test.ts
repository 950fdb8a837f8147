import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { monogramInitials, monogramSvg, writeAppIcon } from "../app-icon";

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
