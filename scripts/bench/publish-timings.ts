/**
 * Where the time of one publish goes, read from what the publish bench records: the moments the worker claimed
 * the job and switched the site, the moments the build command started and ended (printed into the job's log by
 * timed-command.mjs), and the build's own log (Gatsby's `success <phase> - 1.234s` lines, `Done building in`,
 * and build-version.mjs's copy line). Pure: text and numbers in, rows out.
 */
import { markdownTable } from "../audit/report";

export const COMMAND_STARTED = "bench-publish: command started at";
export const COMMAND_ENDED = "bench-publish: command ended at";

export interface PublishMoments {
  /** Epoch milliseconds: Publish pressed (the job queued), a worker claimed it, the site went live. */
  queued: number;
  claimed: number;
  live: number;
}

export interface Phase {
  name: string;
  seconds: number;
}

export interface PublishTimings {
  total: number;
  /** Time segments that add up to `total`. */
  segments: Phase[];
  /** Gatsby's own phases (they overlap in places, so they are listed, not summed into the segments). */
  gatsby: Phase[];
}

const moment = (log: string, marker: string): number | null => {
  const match = new RegExp(`${marker} (\\d+)`).exec(log);
  return match ? Number(match[1]) : null;
};

/** Gatsby's finished activities with their seconds, repeated names added up, in the order first seen. */
export function gatsbyPhases(log: string): Phase[] {
  const phases = new Map<string, number>();
  for (const match of log.matchAll(/^success (.+?) - (\d+(?:\.\d+)?)s\b/gm)) phases.set(match[1], (phases.get(match[1]) ?? 0) + Number(match[2]));
  return [...phases].map(([name, seconds]) => ({ name, seconds }));
}

function number(log: string, pattern: RegExp): number | null {
  const match = pattern.exec(log);
  return match ? Number(match[1]) : null;
}

/** The segments of one publish; a segment whose marks are missing from the log is left out, and the rest says so. */
export function publishTimings(moments: PublishMoments, log: string): PublishTimings {
  const seconds = (from: number, to: number) => Math.max(0, (to - from) / 1000);
  const started = moment(log, COMMAND_STARTED);
  const ended = moment(log, COMMAND_ENDED);
  const gatsby = number(log, /Done building in (\d+(?:\.\d+)?) sec/);
  const copy = number(log, /build-version: gatsby build [\d.]+ s, copy into .* (\d+(?:\.\d+)?) s/);
  const segments: Phase[] = [{ name: "queue wait (Publish → a worker claims the job)", seconds: seconds(moments.queued, moments.claimed) }];
  if (started !== null && ended !== null) {
    segments.push({ name: "worker: revision → data folder, images copied, contract check", seconds: seconds(moments.claimed, started) });
    const gatsbyRun = gatsby ?? 0;
    const copied = copy ?? 0;
    segments.push({ name: "build command: build lock, check-data.ts, gatsby CLI start", seconds: Math.max(0, seconds(started, ended) - gatsbyRun - copied) });
    if (gatsby !== null) segments.push({ name: "gatsby build (Done building in)", seconds: gatsbyRun });
    if (copy !== null) segments.push({ name: "copy public/ into the version folder", seconds: copied });
    segments.push({ name: "switch: folder renamed, live link, database, old versions pruned", seconds: seconds(ended, moments.live) });
  } else {
    segments.push({ name: "build and switch (the log has no command marks)", seconds: seconds(moments.claimed, moments.live) });
  }
  return { total: seconds(moments.queued, moments.live), segments, gatsby: gatsbyPhases(log) };
}

const s = (value: number) => value.toFixed(1);

/** One publish as a table: the segments, then Gatsby's slowest phases (at least `minSeconds` each). */
export function timingsTable(timings: PublishTimings, minSeconds = 0.5): string {
  const rows = timings.segments.map((segment) => [segment.name, s(segment.seconds)]);
  const slow = timings.gatsby.filter((phase) => phase.seconds >= minSeconds).sort((a, b) => b.seconds - a.seconds);
  rows.push(...slow.map((phase) => [`  gatsby: ${phase.name}`, s(phase.seconds)]));
  rows.push(["Publish → live", s(timings.total)]);
  return markdownTable(["where the time goes", "s"], rows);
}

export interface SummaryRow {
  name: string;
  items: number;
  pages: number;
  cold: PublishTimings | null;
  warm: PublishTimings | null;
}

/** Publish → live per business, cold and warm. */
export function summaryTable(rows: readonly SummaryRow[]): string {
  const cell = (timings: PublishTimings | null) => (timings ? s(timings.total) : "not run");
  return markdownTable(
    ["business", "items", "pages", "cold: Publish → live (s)", "warm: Publish → live (s)"],
    rows.map((row) => [row.name, String(row.items), String(row.pages), cell(row.cold), cell(row.warm)]),
  );
}
