/** bench:taps's figures: per control and moment, the median time from the finger to the frame that answers it. */
import { markdownTable } from "../audit/report";
import { median } from "./web-table";

/** Seconds after the page's load event (or, for a control the page shows later, after it appears). */
export const MOMENTS = [0, 1, 3, 6] as const;

/** The goal: a response within 100 ms feels instant. */
export const GOAL_MS = 100;

/**
 * One tap. `ack` is the first frame in which the page showed anything in answer (the widget open, the state
 * changed, the control pressed or busy); `done` the first frame showing what the tap is for (the menu, the
 * dialog, the like counted, the field focused). Null: nothing within the wait.
 */
export interface TapRun {
  ack: number | null;
  done: number | null;
}

export interface ControlFigures {
  site: string;
  control: string;
  path: string;
  /** Runs per moment, in MOMENTS order; empty where the site has no such control. */
  runs: TapRun[][];
}

const cell = (values: readonly (number | null)[]): string => {
  if (values.length === 0) return "—";
  const missing = values.filter((value) => value === null).length;
  const middle = median(values);
  if (middle === null) return "none";
  const text = `${Math.round(middle)}`;
  return missing > 0 ? `${text} (${missing}× none)` : text;
};

const mark = (values: readonly (number | null)[]): string => {
  const middle = median(values);
  return values.length > 0 && (middle === null || middle > GOAL_MS || values.some((value) => value === null)) ? " ✗" : "";
};

/** Rows of controls, a column per moment; each cell the median ack in ms, with the median done after it when later. */
export function tapsTable(figures: readonly ControlFigures[]): string {
  const header = ["Site", "Control", "Page", ...MOMENTS.map((moment) => (moment === 0 ? "at load" : `${moment} s after`))];
  const rows = figures.map((row) => [
    row.site,
    row.control,
    row.path,
    ...row.runs.map((runs) => {
      if (runs.length === 0) return "—";
      const ack = runs.map((run) => run.ack);
      const done = runs.map((run) => run.done);
      const ackText = `${cell(ack)}${mark(ack)}`;
      const ackMiddle = median(ack);
      const doneMiddle = median(done);
      return doneMiddle !== null && ackMiddle !== null && doneMiddle - ackMiddle >= 1 ? `${ackText} / ${cell(done)}` : ackText;
    }),
  ]);
  return markdownTable(header, rows);
}

/** Cells whose median acknowledgement misses the goal (or that never answered), as "site control @ moment". */
export function missedGoals(figures: readonly ControlFigures[]): string[] {
  const missed: string[] = [];
  for (const row of figures) {
    row.runs.forEach((runs, index) => {
      if (runs.length === 0) return;
      const ack = runs.map((run) => run.ack);
      const middle = median(ack);
      if (middle === null || middle > GOAL_MS || ack.some((value) => value === null)) missed.push(`${row.site} ${row.control} @ ${MOMENTS[index]} s`);
    });
  }
  return missed;
}
