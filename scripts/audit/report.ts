/**
 * The audit report: rows (one per site × page type) with figures, budget checks and the findings behind
 * them, rendered as the printed table, report.md and report.json. Pure formatting.
 */
import { checkPage, gatedFailures, limitText, METRIC_INFO, METRICS, type Budgets, type Check, type Metric, type PageMetrics } from "./budgets";
import type { AxeFinding } from "./axe-findings";
import type { HtmlFinding } from "./html-check";
import type { LighthouseFinding } from "./lighthouse-outcome";
import type { AuditPageType } from "./page-types";
import type { RequestWeight } from "./network";

export interface Findings {
  lighthouse: LighthouseFinding[];
  axe: AxeFinding[];
  html: HtmlFinding[];
  jsonLd: { blocks: number; problems: string[] };
  scripts: RequestWeight[];
  heaviest: RequestWeight[];
  failedRequests: number;
  /** A tool that could not measure this page, with its message. */
  errors: string[];
}

export interface PageRow {
  site: string;
  pageType: AuditPageType;
  /** null: the business has no page of this type. */
  path: string | null;
  note?: string;
  metrics: PageMetrics;
  checks: Check[];
  findings: Findings;
}

export const emptyMetrics = (): PageMetrics => Object.fromEntries(METRICS.map((metric) => [metric, null])) as PageMetrics;

export const emptyFindings = (): Findings => ({ lighthouse: [], axe: [], html: [], jsonLd: { blocks: 0, problems: [] }, scripts: [], heaviest: [], failedRequests: 0, errors: [] });

export function pageRow(site: string, pageType: AuditPageType, path: string, metrics: PageMetrics, findings: Findings, budgets: Budgets): PageRow {
  return { site, pageType, path, metrics, checks: checkPage(metrics, budgets), findings };
}

export function missingPageRow(site: string, pageType: AuditPageType): PageRow {
  return { site, pageType, path: null, note: `the ${site} sample has no ${pageType} page`, metrics: emptyMetrics(), checks: [], findings: emptyFindings() };
}

/** No figure at all: the page could not be built, served or measured. */
const notAudited = (row: PageRow) => row.path !== null && METRICS.every((metric) => row.metrics[metric] === null);

/** A row whose page was planned but could not be audited (build, serve or tool failure). */
export function failedPageRow(site: string, pageType: AuditPageType, path: string, reason: string, budgets: Budgets): PageRow {
  const row = pageRow(site, pageType, path, emptyMetrics(), { ...emptyFindings(), errors: [reason] }, budgets);
  return { ...row, note: reason };
}

export function formatValue(metric: Metric, value: number | null): string {
  if (value === null) return "n/a";
  switch (metric) {
    case "performance":
    case "accessibility":
    case "bestPractices":
    case "seo":
      return value.toFixed(2);
    case "cls":
      return value === 0 ? "0" : value.toFixed(3);
    case "jsKiB":
    case "totalKiB":
      return value.toFixed(1);
    default:
      return String(Math.round(value));
  }
}

const MARK: Record<Check["status"], string> = { pass: "", info: "", warn: " !", fail: " ✗", missing: " ✗" };

function cell(check: Check): string {
  return `${formatValue(check.metric, check.value)}${MARK[check.status]}`;
}

/** Display width, counting each code point as one column (the marks used here are all single-width). */
const width = (text: string) => [...text].length;
const pad = (text: string, size: number) => text + " ".repeat(Math.max(0, size - width(text)));

/** A padded Markdown table: it reads as a table both in a terminal and rendered. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(width(title), ...rows.map((row) => width(row[column] ?? "")), 3));
  const line = (cells: string[]) => `| ${cells.map((text, column) => pad(text, widths[column])).join(" | ")} |`;
  return [line(header), `|${widths.map((size) => "-".repeat(size + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** The table of figures: a budget row under the header, ✗ on a missed limit, ! on a missed target. */
export function resultsTable(rows: readonly PageRow[], budgets: Budgets): string {
  const header = ["Site", "Page type", "Path", ...METRICS.map((metric) => METRIC_INFO[metric].label)];
  const budgetRow = ["budget", "", "", ...METRICS.map((metric) => {
    const limit = limitText(budgets[metric]);
    return limit === "" || budgets[metric].gate ? limit : `${limit} †`;
  })];
  const body = rows.map((row) => {
    if (row.path === null) return [row.site, row.pageType, `(none: ${row.note})`, ...METRICS.map(() => "")];
    if (notAudited(row)) return [row.site, row.pageType, `${row.path} (not audited ✗)`, ...METRICS.map(() => "")];
    return [row.site, row.pageType, row.path, ...row.checks.map(cell)];
  });
  return markdownTable(header, [budgetRow, ...body]);
}

const LEGEND = "✗ outside the budget · ! within the limit but over the target · † reported, not gated by --check · KiB = 1024 bytes, as served gzip";

function describeCheck(check: Check): string {
  const value = formatValue(check.metric, check.value);
  const gate = check.gate ? "" : " (not gated)";
  if (check.status === "missing") return `${METRIC_INFO[check.metric].label}: not measured, budget ${check.limit}${gate}`;
  if (check.status === "warn") return `${METRIC_INFO[check.metric].label} ${value}: over the target, limit ${check.limit}`;
  return `${METRIC_INFO[check.metric].label} ${value}: budget ${check.limit}${gate}`;
}

/** Lighthouse performance audits that bear on each timing, so each lists its own causes. */
const PERFORMANCE_AUDITS = {
  lcpMs: /largest-contentful-paint|lcp|render-blocking|image-delivery|document-latency|server-response|redirects|font-display|network-dependency/,
  tbtMs: /total-blocking-time|bootup-time|mainthread|unused-javascript|legacy-javascript|duplicated-javascript|long-tasks|third-part/,
  cls: /cumulative-layout-shift|layout-shift|cls-|unsized-images/,
};

const lighthouseLines = (findings: Findings, category: string) =>
  findings.lighthouse
    .filter((finding) => finding.category === category)
    .map((finding) => `lighthouse ${finding.id} (${finding.title})${finding.displayValue ? ` ${finding.displayValue}` : ""}${finding.items.length ? `: ${finding.items.join(" ; ")}` : ""}`);

const timingLines = (metric: keyof typeof PERFORMANCE_AUDITS) => (findings: Findings) =>
  lighthouseLines(findings, "performance").filter((line) => PERFORMANCE_AUDITS[metric].test(line.split(" ")[1]));

/** Per metric, the findings that bear on it: a new metric has to say where its causes come from. */
const CAUSES: Record<Metric, (findings: Findings) => string[]> = {
  performance: (findings) => lighthouseLines(findings, "performance"),
  accessibility: (findings) => lighthouseLines(findings, "accessibility"),
  bestPractices: (findings) => lighthouseLines(findings, "best-practices"),
  seo: (findings) => lighthouseLines(findings, "seo"),
  lcpMs: timingLines("lcpMs"),
  tbtMs: timingLines("tbtMs"),
  cls: timingLines("cls"),
  jsKiB: (findings) => findings.scripts.map((script) => `script ${(script.bytes / 1024).toFixed(1)} KiB ${script.url}`),
  totalKiB: (findings) => findings.heaviest.map((request) => `${request.resourceType} ${(request.bytes / 1024).toFixed(1)} KiB ${request.url}`),
  requests: () => [],
  axeViolations: (findings) =>
    findings.axe.map((finding) => `axe ${finding.id} [${finding.impact ?? "?"}; ${finding.viewports.join("+")}] ${finding.help}: ${finding.nodes.map((node) => node.target).join(" ; ")}`),
  htmlErrors: (findings) => findings.html.map((finding) => `html ${finding.ruleId} at ${finding.line}:${finding.column}${finding.selector ? ` (${finding.selector})` : ""}: ${finding.message}`),
  jsonLdErrors: (findings) => findings.jsonLd.problems.map((problem) => `json-ld ${problem}`),
};

/** The findings that explain a missed budget, one line each (at most `limit` per check). */
export function causes(check: Check, findings: Findings, limit = 8): string[] {
  const lines = [...CAUSES[check.metric](findings), ...findings.errors.map((error) => `error: ${error}`)];
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more in audit/report.json`] : lines;
}

const missed = (check: Check) => check.status === "fail" || check.status === "missing" || check.status === "warn";

/** Rows with a missed limit or target, each with its checks and their causes; an unaudited page says why once. */
function failureSections(rows: readonly PageRow[], perCheck = 8): { title: string; checks: { text: string; gate: boolean; causes: string[] }[] }[] {
  return rows
    .filter((row) => row.checks.some(missed))
    .map((row) => ({
      title: `${row.site} ${row.pageType} ${row.path}`,
      checks: notAudited(row)
        ? [{ text: "not audited, so every gated budget counts as failed", gate: true, causes: row.findings.errors.map((error) => `error: ${error}`) }]
        : row.checks.filter(missed).map((check) => ({ text: describeCheck(check), gate: check.gate && check.status !== "warn", causes: causes(check, row.findings, perCheck) })),
    }));
}

export interface AuditReport {
  generatedAt: string;
  budgetsFile: string;
  budgets: Budgets;
  sites: string[];
  rows: PageRow[];
  gatedFailures: { site: string; pageType: string; path: string | null; metric: Metric; value: number | null; limit: string }[];
}

export function buildReport(rows: PageRow[], budgets: Budgets, budgetsFile: string, sites: string[], generatedAt: string): AuditReport {
  return {
    generatedAt,
    budgetsFile,
    budgets,
    sites,
    rows,
    gatedFailures: rows.flatMap((row) =>
      gatedFailures(row.checks).map((check) => ({ site: row.site, pageType: row.pageType, path: row.path, metric: check.metric, value: check.value, limit: check.limit })),
    ),
  };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

export function summaryLine(report: AuditReport): string {
  const planned = report.rows.filter((row) => row.path !== null);
  const skipped = planned.filter(notAudited);
  const audited = `${plural(planned.length - skipped.length, "page")} audited${skipped.length > 0 ? `, ${plural(skipped.length, "page")} could not be audited` : ""}`;
  const failed = report.gatedFailures.filter((failure) => !skipped.some((row) => row.site === failure.site && row.pageType === failure.pageType));
  const failingPages = new Set(failed.map((failure) => `${failure.site} ${failure.pageType}`)).size;
  if (report.gatedFailures.length === 0) return `${audited}: every gated budget holds`;
  return failed.length === 0 ? `${audited}: no gated budget failed on the pages audited` : `${audited}: ${plural(failed.length, "gated budget failure")} on ${plural(failingPages, "page")}`;
}

export function markdownReport(report: AuditReport): string {
  const parts = [
    "# Quality audit",
    "",
    `Generated ${report.generatedAt} for ${report.sites.join(", ")}; budgets from \`${report.budgetsFile}\`.`,
    "",
    resultsTable(report.rows, report.budgets),
    "",
    LEGEND,
    "",
    `**${summaryLine(report)}.**`,
  ];
  const sections = failureSections(report.rows, 20);
  if (sections.length > 0) {
    parts.push("", "## Budgets missed, with causes", "");
    for (const section of sections) {
      parts.push(`### ${section.title}`, "");
      for (const check of section.checks) {
        parts.push(`- ${check.gate ? "**gated** " : ""}${check.text}`);
        for (const cause of check.causes) parts.push(`  - ${cause.replace(/\|/g, "\\|")}`);
      }
      parts.push("");
    }
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

/** What the terminal shows: the table, then one block per page with missed budgets (causes shortened). */
export function consoleReport(report: AuditReport): string {
  const parts = [resultsTable(report.rows, report.budgets), LEGEND, ""];
  for (const section of failureSections(report.rows, 4)) {
    parts.push(section.title);
    for (const check of section.checks) {
      parts.push(`  ${check.gate ? "✗" : "·"} ${check.text}`);
      for (const cause of check.causes) parts.push(`      ${cause.length > 220 ? `${cause.slice(0, 219)}…` : cause}`);
    }
  }
  parts.push("", summaryLine(report));
  return parts.join("\n");
}
