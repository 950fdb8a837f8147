/** axe-core results from both viewports, reduced to one finding per violated rule. Pure. */
import type { ViewportName } from "./browser";

/** The parts of an axe-core violation the report keeps (axe's own result shape). */
export interface RawAxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  viewports: ViewportName[];
  /** Up to five offending elements: CSS target, the start of their HTML, and axe's summary. */
  nodes: { target: string; html: string; summary: string }[];
}

const MAX_NODES = 5;

/** One finding per rule id (sorted), listing the viewports it failed at and its distinct elements. */
export function mergeViolations(perViewport: readonly { viewport: ViewportName; violations: readonly RawAxeViolation[] }[]): AxeFinding[] {
  const byRule = new Map<string, AxeFinding>();
  for (const { viewport, violations } of perViewport) {
    for (const violation of violations) {
      let finding = byRule.get(violation.id);
      if (!finding) {
        finding = { id: violation.id, impact: violation.impact ?? null, help: violation.help, helpUrl: violation.helpUrl, viewports: [], nodes: [] };
        byRule.set(violation.id, finding);
      }
      if (!finding.viewports.includes(viewport)) finding.viewports.push(viewport);
      for (const node of violation.nodes) {
        const target = node.target.map(String).join(" ");
        if (finding.nodes.length >= MAX_NODES || finding.nodes.some((known) => known.target === target)) continue;
        finding.nodes.push({ target, html: node.html.slice(0, 200), summary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim().slice(0, 300) });
      }
    }
  }
  return [...byRule.values()].sort((a, b) => a.id.localeCompare(b.id));
}
