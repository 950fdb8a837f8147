/** The build benchmark's table and ratios. Pure formatting of measured figures. */
import { markdownTable } from "../audit/report";

export interface BuildRun {
  seconds: number;
  peakRssBytes: number;
  exitCode: number | null;
}

export interface BenchRow {
  name: string;
  pages: number;
  cold: BuildRun | null;
  warm: BuildRun | null;
  /** Why a build has no figures (it failed, or was not run). */
  note?: string;
}

const MIB = 1024 * 1024;
const seconds = (run: BuildRun | null) => (run && run.exitCode === 0 ? run.seconds.toFixed(1) : "n/a");
const memory = (run: BuildRun | null) => (run && run.exitCode === 0 ? String(Math.round(run.peakRssBytes / MIB)) : "n/a");

/** `a / b` to two decimals, or n/a when either build has no figure. */
export function ratio(a: number | null, b: number | null): string {
  if (a === null || b === null || b === 0) return "n/a";
  return `${(a / b).toFixed(2)}×`;
}

const figure = (row: BenchRow | undefined, which: "cold" | "warm", field: "seconds" | "peakRssBytes") => {
  const run = row?.[which];
  return run && run.exitCode === 0 ? run[field] : null;
};

export function benchTable(rows: readonly BenchRow[]): string {
  return markdownTable(
    ["Build", "Pages", "Cold s", "Warm s", "Cold peak MiB", "Warm peak MiB"],
    rows.map((row) => [row.note ? `${row.name} (${row.note})` : row.name, String(row.pages), seconds(row.cold), seconds(row.warm), memory(row.cold), memory(row.warm)]),
  );
}

/** Ratios of `numerator` over `denominator`: time and peak memory, cold and warm. */
export function ratioTable(pairs: readonly { label: string; numerator: BenchRow | undefined; denominator: BenchRow | undefined }[]): string {
  return markdownTable(
    ["Ratio", "Cold time", "Warm time", "Cold peak memory", "Warm peak memory"],
    pairs.map(({ label, numerator, denominator }) => [
      label,
      ratio(figure(numerator, "cold", "seconds"), figure(denominator, "cold", "seconds")),
      ratio(figure(numerator, "warm", "seconds"), figure(denominator, "warm", "seconds")),
      ratio(figure(numerator, "cold", "peakRssBytes"), figure(denominator, "cold", "peakRssBytes")),
      ratio(figure(numerator, "warm", "peakRssBytes"), figure(denominator, "warm", "peakRssBytes")),
    ]),
  );
}
