import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { OFFLINE_SHELL_PATH } from "@mainstreet/rules/constants";
import { validateHtml, validateWithW3c, w3cCheckerUnavailable } from "../scripts/audit/html-check";
import { siteUnderTest } from "./site";

// The build checks its own output (issue 16): what Gatsby wrote to public/ for this sample, read as files.
const { site, business } = siteUnderTest();
const PUBLIC = path.resolve("public");

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile());
}

/** Records the data file hides: their ids and names must not be published anywhere. */
const hidden = [
  ...business.menu.items.filter((item) => !item.visible).map((item) => ({ kind: "item", id: item.id, name: item.name })),
  ...business.team.filter((member) => !member.show).map((member) => ({ kind: "team member", id: member.id, name: member.name })),
];

test.describe(`${site}: the built files`, () => {
  test("no HTML file holds a U+0000 byte (React 18 stream padding is removed after the build)", () => {
    const html = filesUnder(PUBLIC, [".html"]);
    expect(html.length).toBeGreaterThan(5);
    const withNul = html.filter((file) => fs.readFileSync(file).includes(0)).map((file) => path.relative(PUBLIC, file));
    expect(withNul).toEqual([]);
  });

  test("no page-data, static-query or HTML file publishes a hidden record", () => {
    // Every sample hides at least one record, so this check always has something to find.
    expect(hidden.length).toBeGreaterThan(0);
    const published = filesUnder(PUBLIC, [".json", ".html"]);
    const leaks = published.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return hidden
        .filter((record) => text.includes(`"${record.id}"`) || text.includes(record.name))
        .map((record) => `${path.relative(PUBLIC, file)}: ${record.kind} "${record.name}" (${record.id})`);
    });
    expect(leaks).toEqual([]);
  });

  test("the offline app shell is a valid document: a title, a well-formed refresh (html-validate and the W3C checker)", async () => {
    const shell = path.join(PUBLIC, `.${OFFLINE_SHELL_PATH}`, "index.html");
    const html = fs.readFileSync(shell, "utf8");
    expect(html).toMatch(new RegExp(`<title[^>]*>${business.name.replace(/&/g, "&amp;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</title>`));
    expect(await validateHtml(html, shell)).toEqual([]);
    expect(w3cCheckerUnavailable()).toBeNull();
    expect(validateWithW3c([shell]).get(shell)).toEqual([]);
  });

  test("every built page is valid HTML: html-validate's standard rules, no NUL, and the W3C checker (one batch)", async () => {
    const pages = filesUnder(PUBLIC, [".html"]).filter((file) => !file.includes(`${path.sep}page-data${path.sep}`) && !file.includes(`${path.sep}_gatsby${path.sep}`));
    expect(pages.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const file of pages) {
      for (const finding of await validateHtml(fs.readFileSync(file, "utf8"), file)) problems.push(`${path.relative(PUBLIC, file)}: ${finding.ruleId}: ${finding.message}`);
    }
    expect(w3cCheckerUnavailable()).toBeNull();
    for (const [file, findings] of validateWithW3c(pages)) {
      for (const finding of findings) problems.push(`${path.relative(PUBLIC, file)}: ${finding.ruleId}: ${finding.message}`);
    }
    expect(problems).toEqual([]);
  });
});
