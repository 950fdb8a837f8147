/** Runs measure-page.mjs for one url in a child Node process and turns its output into findings. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Result } from "lighthouse";
import { mergeViolations, type AxeFinding, type RawAxeViolation } from "./axe-findings";
import { AXE_TAGS, BLOCKED_URL_PATTERNS, CHROME_FLAGS, CHROME_PATH, GATED_EXTRA_AUDITS, GATED_LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_CATEGORIES, VIEWPORTS, type ViewportName } from "./browser";
import { lighthouseOutcome, type LighthouseOutcome } from "./lighthouse-outcome";

const WORKER = path.join(__dirname, "measure-page.mjs");
const TIMEOUT_MS = 240_000;

export interface Measurement {
  lighthouse: LighthouseOutcome | null;
  axe: AxeFinding[] | null;
  errors: string[];
}

interface WorkerResult {
  lhr?: Result;
  lighthouseError?: string;
  axe?: { viewport: ViewportName; violations: RawAxeViolation[] }[];
  axeError?: string;
}

const running = new Set<number>();

/** Ends running measurements with their browsers (each worker leads its own process group). */
export function stopMeasurements(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

function runWorker(jobFile: string): Promise<string> {
  return new Promise((resolve) => {
    // Detached into its own group, so a timeout can end the Chromium processes it started as well.
    const child = spawn(process.execPath, [WORKER, jobFile], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    if (child.pid !== undefined) running.add(child.pid);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      resolve(code === 0 ? "" : `measure-page.mjs exited with ${code ?? signal}${signal === "SIGKILL" ? ` after ${TIMEOUT_MS / 1000} s` : ""}: ${output.trim().slice(-600)}`);
    });
  });
}

/**
 * `gatedOnly` (`--check`): Lighthouse runs only what a gated budget reads. The performance category's trace
 * and simulation take much of each page's time, for scores that machine load decides and the gate
 * does not read.
 */
export async function measurePage(url: string, workDir: string, gatedOnly = false, slot = 0): Promise<Measurement> {
  // One pair of files per measurement running at once (`slot`).
  const jobFile = path.join(workDir, `measure-job-${slot}.json`);
  const out = path.join(workDir, `measure-result-${slot}.json`);
  fs.rmSync(out, { force: true });
  const job = { url, chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, blockedUrlPatterns: BLOCKED_URL_PATTERNS, categories: gatedOnly ? GATED_LIGHTHOUSE_CATEGORIES : LIGHTHOUSE_CATEGORIES, audits: gatedOnly ? GATED_EXTRA_AUDITS : undefined, axeTags: AXE_TAGS, viewports: VIEWPORTS, out };
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const failure = await runWorker(jobFile);
  if (!fs.existsSync(out)) return { lighthouse: null, axe: null, errors: [failure || `measure-page.mjs wrote no result for ${url}`] };
  const result = JSON.parse(fs.readFileSync(out, "utf8")) as WorkerResult;
  const errors: string[] = [];
  if (result.lighthouseError) errors.push(`lighthouse: ${result.lighthouseError}`);
  if (result.axeError) errors.push(`axe: ${result.axeError}`);
  const lighthouse = result.lhr ? lighthouseOutcome(result.lhr) : null;
  if (lighthouse?.runtimeError) errors.push(`lighthouse: ${lighthouse.runtimeError}`);
  return { lighthouse, axe: result.axe ? mergeViolations(result.axe) : null, errors };
}
