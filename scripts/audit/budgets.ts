/**
 * Budgets: the metric names the audit measures, the budget file's schema, and the pure comparison of one
 * page's figures against the budgets. No I/O except `loadBudgets`, which reads and validates the file.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Every metric the audit measures, in the report's column order, with its column label and what it measures. */
export const METRIC_INFO = {
  performance: { label: "Perf", describe: "Lighthouse performance score (mobile, simulated throttling)" },
  accessibility: { label: "A11y", describe: "Lighthouse accessibility score" },
  bestPractices: { label: "BP", describe: "Lighthouse best-practices score" },
  seo: { label: "SEO", describe: "Lighthouse SEO score" },
  lcpMs: { label: "LCP ms", describe: "Largest Contentful Paint, simulated, in milliseconds" },
  tbtMs: { label: "TBT ms", describe: "Total Blocking Time, simulated, in milliseconds" },
  cls: { label: "CLS", describe: "Cumulative Layout Shift" },
  jsKiB: { label: "JS KiB", describe: "JavaScript loaded by the page (script requests), KiB as served gzip" },
  totalKiB: { label: "Total KiB", describe: "Everything the page load transferred, KiB as served gzip" },
  requests: { label: "Req", describe: "Requests in the page load's network log" },
  axeViolations: { label: "axe", describe: "axe-core rules violated (WCAG 2.2 A/AA tags), mobile and desktop viewports" },
  htmlErrors: { label: "HTML", describe: "html-validate, NUL and W3C checker errors in the served HTML" },
  jsonLdErrors: { label: "JSON-LD", describe: "Structured-data errors: unparsable blocks, wrong shapes, terms not in schema.org" },
} as const satisfies Record<string, { label: string; describe: string }>;

export type Metric = keyof typeof METRIC_INFO;
/** The metrics in column order (an object keeps its string keys in the order written). */
export const METRICS = Object.keys(METRIC_INFO) as Metric[];

/** One page's figures; null when the tool that measures it did not produce a value. */
export type PageMetrics = Record<Metric, number | null>;

const Budget = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    target: z.number().finite().optional(),
    gate: z.boolean(),
  })
  .strict()
  .superRefine((budget, ctx) => {
    if (budget.min !== undefined && budget.max !== undefined) {
      ctx.addIssue({ code: "custom", message: "expected either min or max, got both" });
    }
    if (budget.target !== undefined) {
      if (budget.min === undefined && budget.max === undefined) {
        ctx.addIssue({ code: "custom", path: ["target"], message: "expected a min or max for the target to be stricter than, got a target alone" });
      } else if (budget.max !== undefined ? budget.target > budget.max : budget.target < (budget.min as number)) {
        ctx.addIssue({ code: "custom", path: ["target"], message: `expected a target stricter than the limit ${budget.max ?? budget.min}, got ${budget.target}` });
      }
    }
    if (budget.gate && budget.min === undefined && budget.max === undefined) {
      ctx.addIssue({ code: "custom", path: ["gate"], message: "expected a min or max on a gated budget, got neither" });
    }
  });
export type Budget = z.infer<typeof Budget>;

/**
 * Bytes of JavaScript, as served gzip, that a page state other than a first open may load: measured by
 * e2e/ordering.e2e.ts on the restaurant, where a cart makes the checkout load its form. The files are
 * precompressed at build, so the figures are deterministic and each is a hard ceiling.
 */
const ScriptBytesSchema = z
  .object({
    $comment: z.string().optional(),
    /** Every script the checkout page loads with a cart in the browser, until the network is idle. */
    checkoutWithCart: z.number().int().positive(),
    /** The one script of them that writes the checkout form ("Place order"). */
    checkoutForm: z.number().int().positive(),
  })
  .strict();
export type ScriptBytes = Omit<z.infer<typeof ScriptBytesSchema>, "$comment">;

const BudgetFileSchema = z
  .object({
    $comment: z.string().optional(),
    budgets: z.object(Object.fromEntries(METRICS.map((metric) => [metric, Budget])) as Record<Metric, typeof Budget>).strict(),
    scriptBytes: ScriptBytesSchema,
  })
  .strict();
export type Budgets = Record<Metric, Budget>;

function parseBudgetFile(document: unknown, file: string): z.infer<typeof BudgetFileSchema> {
  const result = BudgetFileSchema.safeParse(document);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(lines.join("\n"));
  }
  return result.data;
}

/** Validates parsed budget-file JSON; throws one line per problem, naming the field. */
export function parseBudgets(document: unknown, file: string): Budgets {
  return parseBudgetFile(document, file).budgets;
}

/** The byte ceilings of page states the audit does not open (a checkout with a cart), validated like the rest. */
export function parseScriptBytes(document: unknown, file: string): ScriptBytes {
  const { $comment: _comment, ...bytes } = parseBudgetFile(document, file).scriptBytes;
  return bytes;
}

/** The budget file, relative to the repository root (where npm scripts and Playwright run). */
export const BUDGETS_FILE = path.join("scripts", "audit", "budgets.json");

function readBudgetFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: expected a readable JSON budget file, got ${(error as Error).message}`);
  }
}

export function loadBudgets(file: string = BUDGETS_FILE): Budgets {
  return parseBudgets(readBudgetFile(file), file);
}

export function loadScriptBytes(file: string = BUDGETS_FILE): ScriptBytes {
  return parseScriptBytes(readBudgetFile(file), file);
}

/**
 * pass: within the limit (and the target, if any); warn: within the limit but missing the target;
 * fail: outside the limit; missing: no figure although a gated limit exists; info: no limit to compare with,
 * or no figure for a budget that is only reported.
 */
export type CheckStatus = "pass" | "warn" | "fail" | "missing" | "info";

export interface Check {
  metric: Metric;
  value: number | null;
  status: CheckStatus;
  gate: boolean;
  /** "≤ 130", "≥ 0.98", "= 0"; empty when there is no limit. */
  limit: string;
}

const within = (value: number, bound: number, kind: "min" | "max") => (kind === "min" ? value >= bound : value <= bound);

/** Limit text for a budget; a bound at the best possible value (a count of 0, a score of 1) reads as "=". */
export function limitText(budget: Budget): string {
  const target = budget.target !== undefined ? ` (target ${budget.target})` : "";
  if (budget.max !== undefined) return `${budget.max === 0 ? "=" : "≤"} ${budget.max}${target}`;
  if (budget.min !== undefined) return `${budget.min === 1 ? "=" : "≥"} ${budget.min}${target}`;
  return "";
}

export function checkMetric(metric: Metric, value: number | null, budget: Budget): Check {
  const limit = limitText(budget);
  const base = { metric, value, gate: budget.gate, limit };
  const kind = budget.max !== undefined ? "max" : budget.min !== undefined ? "min" : null;
  if (kind === null) return { ...base, status: "info" };
  // A budget that is only reported has nothing to say without a figure (`--check` does not measure it).
  if (value === null) return { ...base, status: budget.gate ? "missing" : "info" };
  const bound = (kind === "max" ? budget.max : budget.min) as number;
  if (!within(value, bound, kind)) return { ...base, status: "fail" };
  if (budget.target !== undefined && !within(value, budget.target, kind)) return { ...base, status: "warn" };
  return { ...base, status: "pass" };
}

export function checkPage(metrics: PageMetrics, budgets: Budgets): Check[] {
  return METRICS.map((metric) => checkMetric(metric, metrics[metric], budgets[metric]));
}

/** Checks that make `--check` fail: a gated budget missed, or a gated figure that could not be measured. */
export function gatedFailures(checks: readonly Check[]): Check[] {
  return checks.filter((check) => check.gate && (check.status === "fail" || check.status === "missing"));
}
