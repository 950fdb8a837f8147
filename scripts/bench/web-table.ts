/** bench:web's figures: medians per site and page, and the salon's ratios to its no-JS and bare copies, as Markdown. */
import { markdownTable } from "../audit/report";

export interface WebRun {
  performance: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  mainThreadMs: number | null;
  /** Scripts the page ran (Lighthouse's "Script" requests). */
  jsBytes: number | null;
  /**
   * Scripts fetched into the cache without running (the app a page prefetches at idle for the visitor's first
   * touch: node/html-output.ts): bytes on the wire, no work on the main thread. Shown beside the goal, not in it.
   */
  prefetchedJsBytes: number | null;
}

type Metric = keyof WebRun;

export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => typeof value === "number" && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function medians(runs: readonly WebRun[]): WebRun {
  const pick = (metric: Metric) => median(runs.map((run) => run[metric]));
  return { performance: pick("performance"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs"), cls: pick("cls"), fcpMs: pick("fcpMs"), mainThreadMs: pick("mainThreadMs"), jsBytes: pick("jsBytes"), prefetchedJsBytes: pick("prefetchedJsBytes") };
}

const fixed = (value: number | null, digits: number) => (value === null ? "n/a" : value.toFixed(digits));
const kib = (bytes: number | null) => (bytes === null ? "n/a" : (bytes / 1024).toFixed(1));

export function ratio(a: number | null, b: number | null): string {
  if (a === null || b === null) return "n/a";
  if (b === 0) return a === 0 ? "1.00×" : "n/a";
  return `${(a / b).toFixed(2)}×`;
}

export interface PageFigures {
  page: string;
  rounds: number;
  sites: { name: string; figures: WebRun }[];
}

/** One row per site and page: medians of every run. */
export function figuresTable(pages: readonly PageFigures[]): string {
  return markdownTable(
    ["Page", "Site", "Runs", "Performance", "LCP ms", "TBT ms", "CLS", "FCP ms", "Main thread ms", "JS KiB", "JS prefetched KiB"],
    pages.flatMap((page) =>
      page.sites.map(({ name, figures }) => [
        page.page,
        name,
        String(page.rounds),
        fixed(figures.performance, 2),
        fixed(figures.lcpMs, 0),
        fixed(figures.tbtMs, 0),
        fixed(figures.cls, 3),
        fixed(figures.fcpMs, 0),
        fixed(figures.mainThreadMs, 0),
        kib(figures.jsBytes),
        kib(figures.prefetchedJsBytes),
      ]),
    ),
  );
}

/** The targets against the no-JS copy: performance within 0.02, TBT ≤ 2×, LCP ≤ 1.15×, CLS 0. */
export function ratioTable(pages: readonly PageFigures[], subject: string, reference: string): string {
  return markdownTable(
    ["Page", `Performance ${subject} − ${reference}`, "TBT ratio", "LCP ratio", `CLS (${subject})`, "Main thread ratio"],
    pages.map((page) => {
      const a = page.sites.find((site) => site.name === subject)?.figures;
      const b = page.sites.find((site) => site.name === reference)?.figures;
      const delta = a?.performance != null && b?.performance != null ? (a.performance - b.performance).toFixed(2) : "n/a";
      return [page.page, delta, ratio(a?.tbtMs ?? null, b?.tbtMs ?? null), ratio(a?.lcpMs ?? null, b?.lcpMs ?? null), fixed(a?.cls ?? null, 3), ratio(a?.mainThreadMs ?? null, b?.mainThreadMs ?? null)];
    }),
  );
}

/** Issue 38's goals for the salon, page by page: LCP against the bare site, main thread against its no-JS copy, JS. */
export const WEB_GOALS = { lcpToBare: 1.2, mainThreadToNoJs: 1.3, jsKiB: 70 } as const;

/**
 * Every goal a page misses, as "home: LCP 2.96× the bare site's (goal ≤ 1.2×)"; a figure missing is a miss too (the
 * goal cannot be shown met). Empty: every goal met.
 */
export function missedGoals(pages: readonly PageFigures[]): string[] {
  const of = (page: PageFigures, name: string) => page.sites.find((site) => site.name === name)?.figures ?? null;
  return pages.flatMap((page) => {
    const [salon, bare, noJs] = [of(page, "salon"), of(page, "bare"), of(page, "no-js")];
    const share = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : a / b);
    const lcp = share(salon?.lcpMs, bare?.lcpMs);
    const mainThread = share(salon?.mainThreadMs, noJs?.mainThreadMs);
    const js = salon?.jsBytes == null ? null : salon.jsBytes / 1024;
    const missed: string[] = [];
    if (lcp === null || lcp > WEB_GOALS.lcpToBare) missed.push(`${page.page}: LCP ${ratio(salon?.lcpMs ?? null, bare?.lcpMs ?? null)} the bare site's (goal ≤ ${WEB_GOALS.lcpToBare}×)`);
    if (mainThread === null || mainThread > WEB_GOALS.mainThreadToNoJs) missed.push(`${page.page}: main thread ${ratio(salon?.mainThreadMs ?? null, noJs?.mainThreadMs ?? null)} the no-JS copy's (goal ≤ ${WEB_GOALS.mainThreadToNoJs}×)`);
    if (js === null || js > WEB_GOALS.jsKiB) missed.push(`${page.page}: ${js === null ? "n/a" : js.toFixed(1)} KiB of JavaScript (goal ≤ ${WEB_GOALS.jsKiB} KiB)`);
    return missed;
  });
}

/** Lighthouse runs one round may take: a failed run (its trace missed the navigation, Chromium died) is run again. */
export const ATTEMPTS_PER_RUN = 3;

/**
 * A round's figures, from the first of `attempts` runs that gives any. A failure left out of a page's
 * median would shorten it: one of three rounds lost makes the median the mean of two.
 */
export async function firstResult<T>(attempts: number, run: (attempt: number) => Promise<T | null>): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const result = await run(attempt);
    if (result !== null) return result;
  }
  return null;
}
