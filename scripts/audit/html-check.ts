/**
 * HTML validity of the served page with html-validate: its "standard" preset (the HTML standard's
 * conformance rules, not style), plus a required doctype and id references that must resolve; plus what
 * html-validate does not see and the W3C checker does (U+0000 in the text). When a Java runtime
 * is present, the W3C's own checker (vnu.jar from the vnu-jar package) runs too: one JVM for a batch of
 * files, because starting it is slow.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { HtmlValidate, type ConfigData } from "html-validate";

const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ["html-validate:standard"],
  rules: {
    "missing-doctype": "error",
    "no-missing-references": "error",
  },
};

export interface HtmlFinding {
  ruleId: string;
  message: string;
  line: number;
  column: number;
  selector: string | null;
}

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** U+0000 is a parse error everywhere in HTML; html-validate's tokenizer passes it through silently. */
function nulFindings(html: string): HtmlFinding[] {
  const findings: HtmlFinding[] = [];
  html.split("\n").forEach((text, index) => {
    for (let column = text.indexOf("\0"); column !== -1; column = text.indexOf("\0", column + 1)) {
      findings.push({ ruleId: "no-nul-character", message: "U+0000 (NUL) in the document", line: index + 1, column: column + 1, selector: null });
    }
  });
  return findings;
}

/** Errors only (severity 2); html-validate's warnings are about its own configuration. */
export async function validateHtml(html: string, filename = "page.html"): Promise<HtmlFinding[]> {
  const report = await validator.validateString(html, filename);
  return [
    ...nulFindings(html),
    ...report.results
      .flatMap((result) => result.messages)
      .filter((message) => message.severity === 2)
      .map((message) => ({ ruleId: message.ruleId, message: message.message, line: message.line, column: message.column, selector: message.selector ?? null })),
  ];
}

function vnuJar(): string | null {
  try {
    const jar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");
    return fs.existsSync(jar) ? jar : null;
  } catch {
    return null;
  }
}

/** Why the W3C checker cannot run here, or null when it can. */
export function w3cCheckerUnavailable(): string | null {
  if (!vnuJar()) return "the vnu-jar package is not installed";
  const java = spawnSync("java", ["-version"], { stdio: "ignore" });
  return java.status === 0 ? null : "no Java runtime (java) on the PATH";
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
}

/**
 * The W3C Nu checker's errors for each file (absolute paths), in one run. Throws when it cannot run;
 * call w3cCheckerUnavailable() first.
 */
export function validateWithW3c(files: readonly string[]): Map<string, HtmlFinding[]> {
  const byFile = new Map<string, HtmlFinding[]>(files.map((file) => [path.resolve(file), []]));
  if (files.length === 0) return byFile;
  const jar = vnuJar();
  if (!jar) throw new Error("the W3C checker needs the vnu-jar package");
  const run = spawnSync("java", ["-Xss1m", "-jar", jar, "--errors-only", "--format", "json", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  // vnu exits 1 when it found errors; its report is on stderr either way.
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`the W3C checker gave no report (exit ${run.status}): ${run.stderr.slice(0, 300)}`);
  }
  for (const message of messages) {
    if (message.type !== "error" && message.type !== "non-document-error") continue;
    const file = message.url ? path.resolve(decodeURIComponent(message.url.replace(/^file:(\/\/)?/, ""))) : "";
    const list = byFile.get(file);
    const finding = { ruleId: `w3c:${message.type}`, message: message.message, line: message.lastLine ?? 0, column: message.firstColumn ?? 0, selector: null };
    if (list) list.push(finding);
    else throw new Error(`the W3C checker reported on a file it was not given: ${message.url ?? "(none)"}: ${message.message}`);
  }
  return byFile;
}
