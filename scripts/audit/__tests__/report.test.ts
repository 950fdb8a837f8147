import fs from "node:fs";
import path from "node:path";
import { parseBudgets, type Metric, type PageMetrics } from "../budgets";
import { buildReport, causes, consoleReport, emptyFindings, failedPageRow, formatValue, markdownReport, markdownTable, missingPageRow, pageRow, resultsTable, summaryLine, type Findings } from "../report";

// The project's budgets, with a JS budget that has a target too, so the report's way of showing a missed target
// is tested whatever the project's own JS budget is.
const projectBudgets = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../budgets.json"), "utf8"));
const budgets = parseBudgets({ ...projectBudgets, budgets: { ...projectBudgets.budgets, jsKiB: { max: 130, target: 100, gate: true } } }, "budgets.json");

const good: PageMetrics = {
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  lcpMs: 1200.4,
  tbtMs: 20,
  cls: 0,
  jsKiB: 95.25,
  totalKiB: 240,
  requests: 18,
  axeViolations: 0,
  htmlErrors: 0,
  jsonLdErrors: 0,
};

const findings = (changes: Partial<Findings>): Findings => ({ ...emptyFindings(), ...changes });

const badFindings = findings({
  axe: [{ id: "color-contrast", impact: "serious", help: "Elements must meet minimum color contrast ratio thresholds", helpUrl: "https://dequeuniversity.com/rules/axe/4.11/color-contrast", viewports: ["mobile", "desktop"], nodes: [{ target: ".hours__note", html: '<span class="hours__note">', summary: "contrast 3.1" }] }],
  html: [{ ruleId: "element-required-attributes", message: '<img> is missing required "src" attribute', line: 1, column: 36806, selector: "#main > picture > img" }],
  lighthouse: [{ category: "accessibility", id: "color-contrast", title: "Background and foreground colors do not have a sufficient contrast ratio.", score: 0, items: ["span.hours__note"] }],
  scripts: [
    { url: "http://localhost:1/framework.js", resourceType: "Script", bytes: 45_568 },
    { url: "http://localhost:1/app.js", resourceType: "Script", bytes: 37_069 },
  ],
});

const rows = [
  pageRow("salon", "home", "/", good, emptyFindings(), budgets),
  pageRow("salon", "about", "/about/", { ...good, accessibility: 0.96, jsKiB: 131.3, axeViolations: 1, htmlErrors: 1, tbtMs: 800 }, badFindings, budgets),
  pageRow("salon", "services", "/services/", { ...good, jsKiB: 112 }, emptyFindings(), budgets),
  missingPageRow("salon", "products"),
];

describe("formatValue", () => {
  it.each<[Metric, number | null, string]>([
    ["performance", 0.981, "0.98"],
    ["seo", 1, "1.00"],
    ["lcpMs", 1200.6, "1201"],
    ["tbtMs", 49.4, "49"],
    ["cls", 0, "0"],
    ["cls", 0.0123, "0.012"],
    ["jsKiB", 95.25, "95.3"],
    ["requests", 18, "18"],
    ["axeViolations", null, "n/a"],
  ])("%s %p → %s", (metric, value, text) => {
    expect(formatValue(metric, value)).toBe(text);
  });
});

describe("markdownTable", () => {
  it("pads every column to its widest cell, counting marks as one column", () => {
    expect(markdownTable(["A", "Value"], [["x", "1 ✗"], ["longer", "22"]]).split("\n")).toEqual([
      "| A      | Value |",
      "|--------|-------|",
      "| x      | 1 ✗   |",
      "| longer | 22    |",
    ]);
  });
});

describe("resultsTable", () => {
  const lines = resultsTable(rows, budgets).split("\n");
  const cells = (line: string) => line.split("|").slice(1, -1).map((cell) => cell.trim());

  it("has the metric headers and a budget row with ungated budgets marked †", () => {
    expect(cells(lines[0])).toEqual(["Site", "Page type", "Path", "Perf", "A11y", "BP", "SEO", "LCP ms", "TBT ms", "CLS", "JS KiB", "Total KiB", "Req", "axe", "HTML", "JSON-LD"]);
    expect(cells(lines[2])).toEqual(["budget", "", "", "≥ 0.98 †", "= 1", "= 1", "= 1", "≤ 1500 †", "≤ 50 †", "= 0 †", "≤ 130 (target 100)", "≤ 500", "", "= 0", "= 0", "= 0"]);
  });

  it.each<[string, number, string[]]>([
    ["a page within every budget shows plain figures", 3, ["salon", "home", "/", "0.99", "1.00", "1.00", "1.00", "1200", "20", "0", "95.3", "240.0", "18", "0", "0", "0"]],
    ["missed limits carry ✗", 4, ["salon", "about", "/about/", "0.99", "0.96 ✗", "1.00", "1.00", "1200", "800 ✗", "0", "131.3 ✗", "240.0", "18", "1 ✗", "1 ✗", "0"]],
    ["a missed target carries !", 5, ["salon", "services", "/services/", "0.99", "1.00", "1.00", "1.00", "1200", "20", "0", "112.0 !", "240.0", "18", "0", "0", "0"]],
    ["a page type the sample lacks says so", 6, ["salon", "products", "(none: the salon sample has no products page)", "", "", "", "", "", "", "", "", "", "", "", "", ""]],
  ])("%s", (_name, line, expected) => {
    expect(cells(lines[line])).toEqual(expected);
  });
});

describe("causes", () => {
  const about = rows[1];
  const check = (metric: Metric) => about.checks.find((item) => item.metric === metric) as (typeof about.checks)[number];

  it.each<[Metric, string[]]>([
    ["axeViolations", ["axe color-contrast [serious; mobile+desktop] Elements must meet minimum color contrast ratio thresholds: .hours__note"]],
    ["htmlErrors", ['html element-required-attributes at 1:36806 (#main > picture > img): <img> is missing required "src" attribute']],
    ["accessibility", ["lighthouse color-contrast (Background and foreground colors do not have a sufficient contrast ratio.): span.hours__note"]],
    ["jsKiB", ["script 44.5 KiB http://localhost:1/framework.js", "script 36.2 KiB http://localhost:1/app.js"]],
  ])("%s names what produced it", (metric, expected) => {
    expect(causes(check(metric), about.findings)).toEqual(expected);
  });

  it("gives each timing its own Lighthouse audits and the performance score all of them", () => {
    const perf = findings({
      lighthouse: ["largest-contentful-paint", "total-blocking-time", "bootup-time", "cumulative-layout-shift", "image-delivery-insight"].map((id) => ({ category: "performance", id, title: id, score: 0.5, items: [] })),
    });
    const ids = (metric: Metric) => causes({ metric, value: 1, status: "fail", gate: false, limit: "" }, perf).map((line) => line.split(" ")[1]);
    expect(ids("lcpMs")).toEqual(["largest-contentful-paint", "image-delivery-insight"]);
    expect(ids("tbtMs")).toEqual(["total-blocking-time", "bootup-time"]);
    expect(ids("cls")).toEqual(["cumulative-layout-shift"]);
    expect(ids("performance")).toHaveLength(5);
  });

  it("shortens a long list and points at report.json", () => {
    const many = findings({ html: Array.from({ length: 12 }, (_, index) => ({ ruleId: "no-dup-id", message: `dup ${index}`, line: 1, column: index, selector: null })) });
    const lines = causes({ metric: "htmlErrors", value: 12, status: "fail", gate: true, limit: "= 0" }, many, 8);
    expect(lines).toHaveLength(9);
    expect(lines[8]).toBe("… 4 more in audit/report.json");
  });

  it("adds tool errors to a page that has figures", () => {
    const partial = pageRow("salon", "team", "/team/", { ...good, accessibility: null }, findings({ errors: ["lighthouse: NO_FCP: The page did not paint any content."] }), budgets);
    const accessibility = partial.checks.find((item) => item.metric === "accessibility") as (typeof partial.checks)[number];
    expect(accessibility.status).toBe("missing");
    expect(causes(accessibility, partial.findings)).toEqual(["error: lighthouse: NO_FCP: The page did not paint any content."]);
  });
});

describe("a page that could not be audited", () => {
  const failed = failedPageRow("salon", "team", "/team/", "build for data/salon/business.json failed with exit code 1", budgets);
  const report = buildReport([rows[0], failed], budgets, "b.json", ["salon"], "t");

  it("is one table row with its path marked, not a row of n/a", () => {
    const line = resultsTable([failed], budgets).split("\n")[3];
    expect(line.split("|").slice(1, -1).map((cell) => cell.trim())).toEqual(["salon", "team", "/team/ (not audited ✗)", ...Array(13).fill("")]);
  });

  it("says why once in the failures, and fails --check", () => {
    expect(markdownReport(report)).toContain("### salon team /team/\n\n- **gated** not audited, so every gated budget counts as failed\n  - error: build for data/salon/business.json failed with exit code 1\n");
    expect(report.gatedFailures.length).toBeGreaterThan(0);
    expect(summaryLine(report)).toBe("1 page audited, 1 page could not be audited: no gated budget failed on the pages audited");
  });
});

describe("causes, continued", () => {
  it("adds tool errors", () => {
    const failed = failedPageRow("salon", "team", "/team/", "build for data/salon/business.json failed with exit code 1", budgets);
    const accessibility = failed.checks.find((item) => item.metric === "accessibility") as (typeof failed.checks)[number];
    expect(accessibility.status).toBe("missing");
    expect(causes(accessibility, failed.findings)).toEqual(["error: build for data/salon/business.json failed with exit code 1"]);
  });
});

describe("buildReport and its renderings", () => {
  const report = buildReport(rows, budgets, "scripts/audit/budgets.json", ["salon"], "2026-01-15T12:00:00.000Z");

  it("lists each gated failure once, leaving out ungated misses and missed targets", () => {
    expect(report.gatedFailures.map((failure) => `${failure.pageType} ${failure.metric}`)).toEqual(["about accessibility", "about jsKiB", "about axeViolations", "about htmlErrors"]);
  });

  it("summarises pages and failures", () => {
    expect(summaryLine(report)).toBe("3 pages audited: 4 gated budget failures on 1 page");
    expect(summaryLine(buildReport([rows[0]], budgets, "b.json", ["salon"], "t"))).toBe("1 page audited: every gated budget holds");
  });

  it("writes Markdown with the table, the legend and a section per page with missed budgets", () => {
    const markdown = markdownReport(report);
    expect(markdown).toContain("Generated 2026-01-15T12:00:00.000Z for salon; budgets from `scripts/audit/budgets.json`.");
    expect(markdown).toContain(resultsTable(rows, budgets));
    expect(markdown).toContain("### salon about /about/");
    expect(markdown).toContain("- **gated** A11y 0.96: budget = 1");
    expect(markdown).toContain("- TBT ms 800: budget ≤ 50 (not gated)");
    expect(markdown).toContain("### salon services /services/\n\n- JS KiB 112.0: over the target, limit ≤ 130 (target 100)");
    expect(markdown).not.toContain("### salon home");
  });

  it("prints the table first and the summary last", () => {
    const text = consoleReport(report).split("\n");
    expect(text[0]).toMatch(/^\| Site/);
    expect(text).toContain("  ✗ axe 1: budget = 0");
    expect(text).toContain("  · TBT ms 800: budget ≤ 50 (not gated)");
    expect(text[text.length - 1]).toBe("3 pages audited: 4 gated budget failures on 1 page");
  });
});
