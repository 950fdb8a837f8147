import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

function snapshot(dir: string): string {
  if (!fs.existsSync(dir)) return "absent";
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => `${entry.name}:${fs.statSync(path.join(dir, entry.name)).mtimeMs}`)
    .sort()
    .join("\n");
}

describe("npm run build with a bad data file", () => {
  let dir: string;
  let publicDir: string;
  let marker: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mainstreet-bad-"));
    const salon = JSON.parse(fs.readFileSync(path.join(root, "data/salon/business.json"), "utf8"));
    salon.locations[1].hours[3].open = "9am";
    salon.locations[0].timezone = "Mars/Olympus";
    salon.menu.items[0].variations[0].price = "twelve";
    delete salon.name;
    fs.writeFileSync(path.join(dir, "business.json"), JSON.stringify(salon, null, 2));
    fs.cpSync(path.join(root, "data/salon/images"), path.join(dir, "images"), { recursive: true });
    // A previous build's output must survive the failed one untouched.
    publicDir = path.join(root, "public");
    fs.mkdirSync(publicDir, { recursive: true });
    marker = path.join(publicDir, "previous-build.txt");
    if (!fs.existsSync(marker)) fs.writeFileSync(marker, "from an earlier build");
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(marker, { force: true });
  });

  it("stops before Gatsby runs, with one line per problem and no stack trace", () => {
    const before = snapshot(publicDir);
    const file = path.join(dir, "business.json");
    const result = spawnSync("node", ["scripts/build.mjs"], {
      cwd: root,
      env: { ...process.env, SITE_DATA: file },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.split("\n").filter(Boolean);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${file}: name: expected the business name as non-empty text, got nothing`,
        `${file}: locations[1].hours[3].open: expected a number in HHMM form like 900, got "9am"`,
        expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: locations\\[0\\]\\.timezone: expected .*got "Mars/Olympus"$`)),
        expect.stringMatching(/menu\.items\[0\]\.variations\[0\]\.price: expected .*got "twelve"$/),
        "The site was not built; public/ is unchanged.",
      ]),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toMatch(/gatsby|success/i);
    expect(snapshot(publicDir)).toBe(before);
  });
});

// One of the five recipes whose theme is not in the repository yet, while there is one.
const missingRecipe = ["cutilier", "muse", "calendula", "default", "hibiscus"].find((recipe) => !fs.existsSync(path.join(root, "plugins", `gatsby-theme-${recipe}`)));

describe("npm run build with a recipe that cannot be built", () => {
  it.each<[string, string]>([
    ["bogus", 'SITE_RECIPE: Invalid option: expected one of "default"|"cutilier"|"muse"|"hibiscus"|"calendula", got "bogus"'],
    ...(missingRecipe ? [[missingRecipe, `"${missingRecipe}" is one of the five recipes`] as [string, string]] : []),
  ])("SITE_RECIPE=%s stops before Gatsby runs, naming the recipes, with no stack trace", (recipe, message) => {
    const publicDir = path.join(root, "public");
    const before = snapshot(publicDir);
    const result = spawnSync("node", ["scripts/build.mjs"], { cwd: root, env: { ...process.env, SITE_RECIPE: recipe }, encoding: "utf8", timeout: 120_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("The site was not built; public/ is unchanged.");
    expect(result.stderr).not.toMatch(/\n\s+at |Cannot find module/);
    expect(result.stdout).not.toMatch(/gatsby|success/i);
    expect(snapshot(publicDir)).toBe(before);
  });
});

