import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Result } from "lighthouse";
import { mergeViolations, type RawAxeViolation } from "../axe-findings";
import { lockHeldByAncestor } from "../build-lock";
import { validateHtml, validateWithW3c, w3cCheckerUnavailable } from "../html-check";
import { lighthouseOutcome } from "../lighthouse-outcome";
import { kib, summarizeNetwork, type NetworkRequest } from "../network";

describe("summarizeNetwork", () => {
  const origin = "http://localhost:8000";
  const log: NetworkRequest[] = [
    { url: `${origin}/`, resourceType: "Document", transferSize: 14_000 },
    { url: `${origin}/framework-1.js`, resourceType: "Script", transferSize: 47_000 },
    { url: `${origin}/app-2.js`, resourceType: "Script", transferSize: 35_000 },
    { url: `${origin}/component---home-3.js`, resourceType: "Other", transferSize: 9_000 },
    { url: `${origin}/static/hero.webp`, resourceType: "Image", transferSize: 7_600 },
    { url: "data:image/svg+xml;charset=utf-8,%3Csvg%3E", resourceType: "Image", transferSize: 0 },
    { url: "https://www.googletagmanager.com/gtm.js?id=GTM-X", resourceType: "Script", transferSize: 0, statusCode: -1 },
    { url: "https://cdn.example/font.woff2", resourceType: "Font", transferSize: 20_000, statusCode: 200 },
  ];
  const gzip = new Map([
    [`${origin}/`, 15_000],
    [`${origin}/framework-1.js`, 45_000],
    [`${origin}/app-2.js`, 37_000],
    [`${origin}/component---home-3.js`, 9_500],
    [`${origin}/static/hero.webp`, 6_244],
  ]);
  const summary = summarizeNetwork(log, (url) => gzip.get(url));

  it.each<[string, number, number]>([
    ["JS counts script requests only, not prefetched chunks (type Other)", summary.jsBytes, 45_000 + 37_000],
    ["total counts every http(s) response: gzip size on our origin, recorded size elsewhere", summary.totalBytes, 15_000 + 45_000 + 37_000 + 9_500 + 6_244 + 20_000],
    ["data: urls and blocked requests are not requests", summary.requests, 6],
    ["blocked requests are counted apart", summary.failedRequests, 1],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("lists scripts and the heaviest requests, heaviest first", () => {
    expect(summary.scripts.map((script) => script.url)).toEqual([`${origin}/framework-1.js`, `${origin}/app-2.js`]);
    expect(summary.heaviest.map((request) => request.bytes)).toEqual([45_000, 37_000, 20_000, 15_000, 9_500]);
  });

  it.each<[number, number]>([
    [0, 0],
    [1024, 1],
    [133_120, 130],
    [133_121, 130],
    [133_222, 130.1],
  ])("kib(%d) = %d", (bytes, expected) => {
    expect(kib(bytes)).toBe(expected);
  });
});

describe("mergeViolations", () => {
  const violation = (id: string, targets: string[]): RawAxeViolation => ({
    id,
    impact: "serious",
    help: `${id} help`,
    helpUrl: `https://dequeuniversity.com/rules/axe/${id}`,
    nodes: targets.map((target) => ({ target: [target], html: `<p class="${target}">`, failureSummary: "Fix any of the following:\n  contrast  3.1 " })),
  });

  it("gives one finding per rule with the viewports it failed at and its distinct elements", () => {
    const merged = mergeViolations([
      { viewport: "mobile", violations: [violation("color-contrast", [".a", ".b"]), violation("link-name", [".menu"])] },
      { viewport: "desktop", violations: [violation("color-contrast", [".b", ".c"])] },
    ]);
    expect(merged.map((finding) => [finding.id, finding.viewports, finding.nodes.map((node) => node.target)])).toEqual([
      ["color-contrast", ["mobile", "desktop"], [".a", ".b", ".c"]],
      ["link-name", ["mobile"], [".menu"]],
    ]);
    expect(merged[0].nodes[0].summary).toBe("Fix any of the following: contrast 3.1");
  });

  it("keeps at most five elements per rule", () => {
    const [finding] = mergeViolations([{ viewport: "mobile", violations: [violation("region", ["1", "2", "3", "4", "5", "6", "7"].map((n) => `.n${n}`))] }]);
    expect(finding.nodes).toHaveLength(5);
  });

  it("returns nothing for a clean page", () => {
    expect(mergeViolations([{ viewport: "mobile", violations: [] }, { viewport: "desktop", violations: [] }])).toEqual([]);
  });
});

describe("lighthouseOutcome", () => {
  const audit = (id: string, score: number | null, extra: Record<string, unknown> = {}) => ({ id, title: `${id} title`, score, scoreDisplayMode: "binary", ...extra });
  // A trimmed Lighthouse result: only the fields the audit reads (the full type has hundreds).
  const lhr = {
    categories: {
      performance: {
        score: 0.8,
        auditRefs: [
          { id: "total-blocking-time", weight: 30, group: "metrics" },
          { id: "unused-javascript", weight: 0, group: "diagnostics" },
          { id: "largest-contentful-paint-element", weight: 0, group: "diagnostics" },
        ],
      },
      accessibility: { score: 0.96, auditRefs: [{ id: "color-contrast", weight: 7 }, { id: "image-alt", weight: 10 }, { id: "hidden-audit", weight: 0 }] },
      "best-practices": { score: 1, auditRefs: [{ id: "errors-in-console", weight: 1 }] },
      seo: { score: 0.66, auditRefs: [{ id: "is-crawlable", weight: 4.6 }] },
    },
    audits: {
      "largest-contentful-paint": audit("largest-contentful-paint", 0.99, { numericValue: 1654.4 }),
      "total-blocking-time": audit("total-blocking-time", 0.27, { numericValue: 1009.9, displayValue: "1,010 ms", scoreDisplayMode: "numeric" }),
      "cumulative-layout-shift": audit("cumulative-layout-shift", 1, { numericValue: 0 }),
      "unused-javascript": audit("unused-javascript", 0.5, { scoreDisplayMode: "metricSavings", details: { items: [{ url: "http://localhost/app.js" }] } }),
      "color-contrast": audit("color-contrast", 0, { details: { items: [{ node: { selector: "span.hours__note", snippet: '<span class="hours__note">' } }] } }),
      "image-alt": audit("image-alt", 1),
      "largest-contentful-paint-element": audit("largest-contentful-paint-element", 0, {
        scoreDisplayMode: "metricSavings",
        details: { type: "list", items: [{ type: "table", items: [{ node: { selector: "main > section.hero > h1", snippet: "<h1>" } }] }, { type: "table", items: [{ phase: "TTFB" }] }] },
      }),
      "hidden-audit": audit("hidden-audit", 0),
      "errors-in-console": audit("errors-in-console", 0),
      "is-crawlable": audit("is-crawlable", 0),
      "network-requests": audit("network-requests", null, {
        details: { items: [{ url: "http://localhost/", resourceType: "Document", transferSize: 14_287, statusCode: 200, mimeType: "text/html" }, { url: "http://localhost/app.js", resourceType: "Script", transferSize: 35_666 }] },
      }),
    },
    runWarnings: [],
  } as unknown as Result;
  const outcome = lighthouseOutcome(lhr);

  it("reads the four scores and the three metrics", () => {
    expect(outcome.scores).toEqual({ performance: 0.8, accessibility: 0.96, bestPractices: 1, seo: 0.66 });
    expect([outcome.lcpMs, outcome.tbtMs, outcome.cls]).toEqual([1654.4, 1009.9, 0]);
  });

  it("names the audits that cost a category its full score, with their elements", () => {
    expect(outcome.findings.map((finding) => [finding.category, finding.id, finding.items])).toEqual([
      ["performance", "total-blocking-time", []],
      ["performance", "unused-javascript", ["http://localhost/app.js"]],
      ["performance", "largest-contentful-paint-element", ["main > section.hero > h1 <h1>"]],
      ["accessibility", "color-contrast", ['span.hours__note <span class="hours__note">']],
      ["seo", "is-crawlable", []],
    ]);
  });

  it("keeps the network log", () => {
    expect(outcome.requests).toEqual([
      { url: "http://localhost/", resourceType: "Document", transferSize: 14_287, statusCode: 200, mimeType: "text/html" },
      { url: "http://localhost/app.js", resourceType: "Script", transferSize: 35_666, statusCode: undefined, mimeType: undefined },
    ]);
  });
});

describe("validateHtml", () => {
  const doc = (body: string, head = "<title>t</title>") => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

  it.each<[string, string, string[]]>([
    ["a valid page", doc('<main><h1>Hi</h1><img src="a.webp" alt="A"></main>'), []],
    ["inline styles and boolean attributes are style, not errors", doc('<div style="color:red"><input disabled aria-label="x"></div>'), []],
    ["an img without src (lazy images rendered with data-src only)", doc('<img data-src="a.webp" alt="A">'), ["element-required-attributes"]],
    ["a duplicated id", doc('<p id="a">1</p><p id="a">2</p>'), ["no-dup-id"]],
    ["an aria reference to a missing id", doc('<button aria-controls="tray" type="button">Menu</button>'), ["no-missing-references"]],
    ["a block element inside a span", doc("<span><div>x</div></span>"), ["element-permitted-content"]],
    ["a missing doctype", '<html lang="en"><head><title>t</title></head><body></body></html>', ["missing-doctype"]],
    ["NUL bytes in the text (React 18 stream padding, which html-validate passes through)", doc("<p>9:00am \0\0– 1:00pm</p>"), ["no-nul-character", "no-nul-character"]],
  ])("%s", async (_name, html, rules) => {
    expect((await validateHtml(html)).map((finding) => finding.ruleId)).toEqual(rules);
  });
});

describe("validateWithW3c (the W3C Nu checker, vnu.jar on this machine's Java runtime)", () => {
  it("reports what html-validate misses, per file, in one run", () => {
    // Java is part of this machine image (DESIGN.md); the audit says so and runs without it elsewhere.
    expect(w3cCheckerUnavailable()).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-w3c-test-"));
    const shell = path.join(dir, "shell.html");
    const valid = path.join(dir, "valid.html");
    fs.writeFileSync(shell, '<!DOCTYPE html><html lang="en"><head><noscript><meta http-equiv="refresh" content="0;url=/x"></noscript></head><body></body></html>');
    fs.writeFileSync(valid, '<!DOCTYPE html><html lang="en"><head><title>t</title><noscript><meta http-equiv="refresh" content="0; url=/x"></noscript></head><body><p>ok</p></body></html>');
    const findings = validateWithW3c([shell, valid]);
    expect(findings.get(valid)).toEqual([]);
    const messages = findings.get(shell)?.map((finding) => finding.message) ?? [];
    expect(messages.some((message) => /attribute .content. on element .meta./.test(message))).toBe(true);
    expect(messages.some((message) => /missing a required instance of child element .title./.test(message))).toBe(true);
    fs.rmSync(dir, { recursive: true });
  }, 60_000);
});

describe("lockHeldByAncestor", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-lock-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is false when no process in this one's ancestry has the lock file open", () => {
    expect(lockHeldByAncestor(path.join(dir, "free.lock"))).toBe(false);
  });

  it("is true while this process has it open, as a process started by `flock <file>` has", () => {
    const file = path.join(dir, "held.lock");
    const fd = fs.openSync(file, "w");
    try {
      expect(lockHeldByAncestor(file)).toBe(true);
    } finally {
      fs.closeSync(fd);
    }
    expect(lockHeldByAncestor(file)).toBe(false);
  });
});
