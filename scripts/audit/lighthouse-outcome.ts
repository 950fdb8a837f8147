/**
 * A Lighthouse result (lhr) reduced to what the audit reports: the four category scores, LCP, TBT, CLS,
 * the network log, and the audits that cost a category its full score with the elements they name. Pure.
 */
import type { Result } from "lighthouse";
import type { NetworkRequest } from "./network";

export interface LighthouseFinding {
  category: string;
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** Up to five offending elements or urls, as Lighthouse names them. */
  items: string[];
}

export interface LighthouseOutcome {
  scores: { performance: number | null; accessibility: number | null; bestPractices: number | null; seo: number | null };
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  requests: NetworkRequest[];
  /** Audits below a full score in a category that is short of 1. */
  findings: LighthouseFinding[];
  warnings: string[];
  runtimeError?: string;
}

type Details = { type?: string; items?: Record<string, unknown>[] };

/** A short name for one item of an audit's details table: the element's selector and snippet, else its url. */
function describeItem(item: Record<string, unknown>): string | null {
  const node = (item.node ?? item.element) as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  if (node && (node.selector || node.snippet)) {
    const snippet = node.snippet ? ` ${node.snippet.slice(0, 160)}` : "";
    return `${node.selector ?? node.nodeLabel ?? ""}${snippet}`.trim();
  }
  if (typeof item.url === "string") return item.url;
  if (typeof item.source === "object" && item.source && typeof (item.source as { url?: string }).url === "string") return (item.source as { url: string }).url;
  if (typeof item.description === "string") return item.description;
  return null;
}

/** Lighthouse 12 nests tables in "list" details (the LCP element, layout shifts): their rows are the items. */
function flattenItems(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.flatMap((item) => (Array.isArray(item.items) && (item.type === "table" || item.type === "list") ? flattenItems(item.items as Record<string, unknown>[]) : [item]));
}

export function lighthouseOutcome(lhr: Result): LighthouseOutcome {
  const score = (key: "performance" | "accessibility" | "best-practices" | "seo") => lhr.categories[key]?.score ?? null;
  const numeric = (id: string) => {
    const audit = lhr.audits[id];
    return audit && typeof audit.numericValue === "number" ? audit.numericValue : null;
  };
  const findings: LighthouseFinding[] = [];
  for (const [key, category] of Object.entries(lhr.categories)) {
    if (category.score === null || category.score >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (key !== "performance" && ref.weight === 0) continue;
      if (key === "performance" && ref.group !== "metrics" && audit.scoreDisplayMode !== "metricSavings") continue;
      const details = audit.details as Details | undefined;
      const items = flattenItems(details?.items ?? []).map(describeItem).filter((text): text is string => text !== null).slice(0, 5);
      findings.push({ category: key, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, items });
    }
  }
  const network = lhr.audits["network-requests"]?.details as Details | undefined;
  const requests = (network?.items ?? []).map((item) => ({
    url: String(item.url),
    resourceType: typeof item.resourceType === "string" ? item.resourceType : undefined,
    transferSize: typeof item.transferSize === "number" ? item.transferSize : 0,
    statusCode: typeof item.statusCode === "number" ? item.statusCode : undefined,
    mimeType: typeof item.mimeType === "string" ? item.mimeType : undefined,
  }));
  return {
    scores: { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    requests,
    findings,
    warnings: lhr.runWarnings.map(String),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}
