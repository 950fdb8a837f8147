import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { OFFLINE_PAGE_PATH } from "@mainstreet/rules/site/service-worker";
import { validateHtml, validateWithW3c, w3cCheckerUnavailable } from "../scripts/audit/html-check";
import { siteUnderTest } from "./site";

// The build checks its own output: what Gatsby wrote to public/ for this sample, read as files.
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

  test("every photo's blurred placeholder is inlined as WebP (a JPEG's tables alone weigh more than the whole WebP)", () => {
    const html = filesUnder(PUBLIC, [".html"]).map((file) => fs.readFileSync(file, "utf8"));
    const placeholders = html.flatMap((page) => page.match(/data:image\/[a-z+]+;base64,/g) ?? []);
    expect(placeholders.length).toBeGreaterThan(0);
    expect([...new Set(placeholders)]).toEqual(["data:image/webp;base64,"]);
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

  test("every page reads one static query (Gatsby's loader fetches each as a request of its own on the first load)", () => {
    const pageData = filesUnder(path.join(PUBLIC, "page-data"), ["page-data.json"]);
    expect(pageData.length).toBeGreaterThan(5);
    const hashes = new Set<string>();
    const over = pageData.flatMap((file) => {
      const { staticQueryHashes } = JSON.parse(fs.readFileSync(file, "utf8")) as { staticQueryHashes: string[] };
      staticQueryHashes.forEach((hash) => hashes.add(hash));
      return staticQueryHashes.length > 1 ? [`${path.relative(PUBLIC, file)}: ${staticQueryHashes.length} static queries`] : [];
    });
    expect(over).toEqual([]);
    expect(hashes.size).toBe(1);
  });

  test("the service worker is the site's own (Workbox), precaching only the offline page, which is kept out of search", () => {
    const worker = fs.readFileSync(path.join(PUBLIC, "sw.js"), "utf8");
    // One bundled script: no importScripts() of Workbox from a CDN, no app shell.
    expect(worker).not.toMatch(/importScripts|app-shell|offline-plugin/);
    expect(worker).toContain(`"${OFFLINE_PAGE_PATH}"`);
    expect(Buffer.byteLength(worker)).toBeLessThan(40_000);
    const offline = fs.readFileSync(path.join(PUBLIC, ...OFFLINE_PAGE_PATH.split("/").filter(Boolean), "index.html"), "utf8");
    expect(offline).toMatch(/<title[^>]*>You are offline/);
    expect(offline).toContain('<meta name="robots" content="noindex"');
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
