import fs from "node:fs";
import path from "node:path";
import { checkMetric, checkPage, gatedFailures, limitText, METRICS, parseBudgets, parseScriptBytes, type Budget, type Budgets, type CheckStatus, type Metric, type PageMetrics } from "../budgets";

const BUDGETS_FILE = path.resolve(__dirname, "../budgets.json");
const budgets = parseBudgets(JSON.parse(fs.readFileSync(BUDGETS_FILE, "utf8")), "budgets.json");

describe("budgets.json's numbers", () => {
  it.each<[Metric, Partial<Budget>]>([
    ["jsKiB", { max: 83, gate: true }],
    ["totalKiB", { max: 500, gate: true }],
    ["performance", { min: 0.98, gate: false }],
    ["accessibility", { min: 1, gate: true }],
    ["bestPractices", { min: 1, gate: true }],
    ["seo", { min: 1, gate: true }],
    ["lcpMs", { max: 1500, gate: false }],
    ["tbtMs", { max: 50, gate: false }],
    ["cls", { max: 0, gate: false }],
    ["axeViolations", { max: 0, gate: true }],
    ["htmlErrors", { max: 0, gate: true }],
    ["jsonLdErrors", { max: 0, gate: true }],
  ])("%s is %o", (metric, expected) => {
    expect(budgets[metric]).toMatchObject(expected);
  });

  it("has an entry for every metric the audit measures", () => {
    expect(Object.keys(budgets).sort()).toEqual([...METRICS].sort());
  });
});

describe("parseBudgets rejects a bad file with the field named", () => {
  const valid = JSON.parse(fs.readFileSync(BUDGETS_FILE, "utf8")) as { budgets: Record<string, unknown> };
  const withBudget = (metric: string, budget: unknown) => ({ ...valid, budgets: { ...valid.budgets, [metric]: budget } });
  const without = (metric: string) => ({ ...valid, budgets: Object.fromEntries(Object.entries(valid.budgets).filter(([key]) => key !== metric)) });

  it.each<[string, unknown, string]>([
    ["both min and max", withBudget("seo", { min: 1, max: 1, gate: true }), "budgets.seo: expected either min or max, got both"],
    ["a target looser than the limit", withBudget("jsKiB", { max: 130, target: 150, gate: true }), "budgets.jsKiB.target: expected a target stricter than the limit 130, got 150"],
    ["a gated budget with no limit", withBudget("requests", { gate: true }), "budgets.requests.gate: expected a min or max on a gated budget"],
    ["a target without a limit", withBudget("requests", { target: 10, gate: false }), "budgets.requests.target: expected a min or max"],
    ["an unknown metric", withBudget("fcpMs", { max: 1000, gate: false }), 'budgets.json: budgets: Unrecognized key: "fcpMs"'],
    ["a missing metric", without("cls"), "budgets.json: budgets.cls: Invalid input: expected object"],
    ["a string limit", withBudget("tbtMs", { max: "50", gate: false }), "budgets.tbtMs.max"],
  ])("%s", (_name, document, message) => {
    expect(() => parseBudgets(document, "budgets.json")).toThrow(message);
  });
});

describe("scriptBytes (page states the audit does not open)", () => {
  const valid = JSON.parse(fs.readFileSync(BUDGETS_FILE, "utf8")) as { scriptBytes: Record<string, unknown> };
  const withBytes = (bytes: Record<string, unknown>) => ({ ...valid, scriptBytes: { ...valid.scriptBytes, ...bytes } });

  it("holds the checkout with a cart to its figures before the move onto form-kit", () => {
    expect(parseScriptBytes(valid, "budgets.json")).toEqual({ checkoutWithCart: 112230, checkoutForm: 15415 });
  });

  it.each<[string, unknown, string]>([
    ["a ceiling in KiB rather than bytes", withBytes({ checkoutForm: 15.1 }), "budgets.json: scriptBytes.checkoutForm: Invalid input: expected int"],
    ["a missing ceiling", withBytes({ checkoutWithCart: undefined }), "budgets.json: scriptBytes.checkoutWithCart"],
    ["an unknown page state", withBytes({ orderPage: 90000 }), 'budgets.json: scriptBytes: Unrecognized key: "orderPage"'],
    ["no scriptBytes at all", { ...valid, scriptBytes: undefined }, "budgets.json: scriptBytes"],
  ])("rejects %s, naming the field", (_name, document, message) => {
    expect(() => parseScriptBytes(document, "budgets.json")).toThrow(message);
  });
});

describe("checkMetric", () => {
  it.each<[string, Metric, number | null, Budget, CheckStatus]>([
    ["a count at its ceiling", "axeViolations", 0, { max: 0, gate: true }, "pass"],
    ["a count over its ceiling", "axeViolations", 1, { max: 0, gate: true }, "fail"],
    ["a score at its floor", "seo", 1, { min: 1, gate: true }, "pass"],
    ["a score under its floor", "seo", 0.99, { min: 1, gate: true }, "fail"],
    ["JS under the target", "jsKiB", 99.9, { max: 130, target: 100, gate: true }, "pass"],
    ["JS exactly at the target", "jsKiB", 100, { max: 130, target: 100, gate: true }, "pass"],
    ["JS over the target, under the ceiling", "jsKiB", 100.1, { max: 130, target: 100, gate: true }, "warn"],
    ["JS exactly at the ceiling", "jsKiB", 130, { max: 130, target: 100, gate: true }, "warn"],
    ["JS over the ceiling", "jsKiB", 130.1, { max: 130, target: 100, gate: true }, "fail"],
    ["a figure that was not measured", "htmlErrors", null, { max: 0, gate: true }, "missing"],
    ["a reported-only figure that was not measured (--check skips performance)", "tbtMs", null, { max: 50, gate: false }, "info"],
    ["a figure without a limit", "requests", 42, { gate: false }, "info"],
    ["an unmeasured figure without a limit", "requests", null, { gate: false }, "info"],
  ])("%s → %s", (_name, metric, value, budget, status) => {
    expect(checkMetric(metric, value, budget).status).toBe(status);
  });
});

describe("limitText", () => {
  it.each<[Budget, string]>([
    [{ max: 130, target: 100, gate: true }, "≤ 130 (target 100)"],
    [{ max: 0, gate: true }, "= 0"],
    [{ min: 1, gate: true }, "= 1"],
    [{ min: 0.98, gate: false }, "≥ 0.98"],
    [{ gate: false }, ""],
  ])("%o → %s", (budget, text) => {
    expect(limitText(budget)).toBe(text);
  });
});

describe("gatedFailures", () => {
  const perfect: PageMetrics = {
    performance: 1,
    accessibility: 1,
    bestPractices: 1,
    seo: 1,
    lcpMs: 900,
    tbtMs: 0,
    cls: 0,
    jsKiB: 80,
    totalKiB: 300,
    requests: 20,
    axeViolations: 0,
    htmlErrors: 0,
    jsonLdErrors: 0,
  };
  const failing = (changes: Partial<PageMetrics>, budgetSet: Budgets = budgets) => gatedFailures(checkPage({ ...perfect, ...changes }, budgetSet)).map((check) => check.metric);

  it.each<[string, Partial<PageMetrics>, Metric[]]>([
    ["a perfect page", {}, []],
    ["slow timings and a low performance score are reported, not gated", { performance: 0.5, lcpMs: 4000, tbtMs: 900, cls: 0.2 }, []],
    ["JS at the 85 KB ceiling (83 KiB) passes", { jsKiB: 83 }, []],
    ["JS over it fails", { jsKiB: 83.1 }, ["jsKiB"]],
    ["total transfer over 500 KiB fails", { totalKiB: 500.1 }, ["totalKiB"]],
    ["each deterministic count fails on one", { axeViolations: 1, htmlErrors: 2, jsonLdErrors: 3 }, ["axeViolations", "htmlErrors", "jsonLdErrors"]],
    ["a11y, best-practices and SEO scores below 1 fail", { accessibility: 0.96, bestPractices: 0.95, seo: 0.66 }, ["accessibility", "bestPractices", "seo"]],
    ["an unmeasured gated figure fails", { accessibility: null, htmlErrors: null }, ["accessibility", "htmlErrors"]],
    ["an unmeasured ungated figure does not", { performance: null, requests: null }, []],
  ])("%s", (_name, changes, metrics) => {
    expect(failing(changes)).toEqual(metrics);
  });
});
