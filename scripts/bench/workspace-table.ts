/** bench:workspace's figures: per screen, the median time from the click to the frame that shows the new screen. */
import { markdownTable } from "../audit/report";
import { median } from "./web-table";

/** The issue's goal for a screen change, at 4× CPU with 200 orders in the queue. */
export const SCREEN_CHANGE_GOAL_MS = 100;

/**
 * One screen change. `heading` is the first frame showing the new screen's heading; `shown` the first frame in
 * which it is also past its loading line (its list read, its code fetched). Null: neither within the wait.
 */
export interface ChangeRun {
  heading: number | null;
  shown: number | null;
}

export interface ScreenFigures {
  /** What the owner clicked: "Kitchen", "Orders › Recent". */
  screen: string;
  /** The address it opens: `#/kitchen`, `#/orders/recent`. */
  hash: string;
  /** The first change to the screen in a signed-in page (its chunk may load then). */
  first: ChangeRun[];
  /** The changes to it after that one. */
  later: ChangeRun[];
}

const misses = (values: readonly (number | null)[]): boolean => {
  const middle = median(values);
  return values.length > 0 && (middle === null || middle > SCREEN_CHANGE_GOAL_MS || values.some((value) => value === null));
};

const figure = (values: readonly (number | null)[]): string => {
  const middle = median(values);
  const missing = values.filter((value) => value === null).length;
  return `${middle === null ? "none" : Math.round(middle)}${missing > 0 && middle !== null ? ` (${missing}× none)` : ""}`;
};

/**
 * The median `shown` in ms, after the median `heading` and a slash when the heading came earlier (the screen changed,
 * its list still loading); "(n× none)" when some never showed, ✗ when `shown` misses the goal; "—" with no runs.
 */
export function changeCell(runs: readonly ChangeRun[]): string {
  if (runs.length === 0) return "—";
  const shown = runs.map((run) => run.shown);
  const heading = runs.map((run) => run.heading);
  const [headingMiddle, shownMiddle] = [median(heading), median(shown)];
  const before = headingMiddle !== null && shownMiddle !== null && shownMiddle - headingMiddle >= 1 ? `${figure(heading)} / ` : "";
  return `${before}${figure(shown)}${misses(shown) ? " ✗" : ""}`;
}

export function workspaceTable(figures: readonly ScreenFigures[]): string {
  const header = ["Screen", "Address", "First visit (ms)", "Later visits (ms)"];
  return markdownTable(
    header,
    figures.map((row) => [row.screen, row.hash, changeCell(row.first), changeCell(row.later)]),
  );
}

/** The cells missing the goal, as "Kitchen (first visit)". */
export function missedChanges(figures: readonly ScreenFigures[]): string[] {
  return figures.flatMap((row) => [
    ...(misses(row.first.map((run) => run.shown)) ? [`${row.screen} (first visit)`] : []),
    ...(misses(row.later.map((run) => run.shown)) ? [`${row.screen} (later visits)`] : []),
  ]);
}
