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

/** The median `shown` in ms, "(n× none)" when some never showed, ✗ past the goal; "—" with no runs. */
export function changeCell(runs: readonly ChangeRun[]): string {
  if (runs.length === 0) return "—";
  const shown = runs.map((run) => run.shown);
  const middle = median(shown);
  const missing = shown.filter((value) => value === null).length;
  const text = middle === null ? "none" : `${Math.round(middle)}`;
  return `${text}${missing > 0 && middle !== null ? ` (${missing}× none)` : ""}${misses(shown) ? " ✗" : ""}`;
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
