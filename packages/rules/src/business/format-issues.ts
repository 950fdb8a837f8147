/**
 * Turns validation issues into the one-line problems a merchant or operator reads in a failed build:
 *   data/x/business.json: locations[1].hours[3].open: expected a number in HHMM form like 900, got "9am"
 * The field path is JavaScript notation, the expectation is in words, the found value is JSON.
 */
import type { z } from "zod";

type PathPart = PropertyKey;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `locations[1].hours[3].open`; keys that are not identifiers are bracketed: `props["my key"]`. */
export function formatPath(path: readonly PathPart[]): string {
  if (path.length === 0) return "(top level)";
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (typeof part === "string" && IDENTIFIER.test(part)) out += out === "" ? part : `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

const MAX_FOUND_LENGTH = 80;

/** The found value as JSON, shortened so one problem stays one readable line. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing";
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return json.length > MAX_FOUND_LENGTH ? `${json.slice(0, MAX_FOUND_LENGTH - 1)}…` : json;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
  nan: "a number",
};

function bound(issue: { minimum?: unknown; maximum?: unknown; inclusive?: boolean }, kind: "min" | "max"): string {
  const value = kind === "min" ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  if (kind === "min") return `${inclusive ? "at least" : "more than"} ${String(value)}`;
  return `${inclusive ? "at most" : "less than"} ${String(value)}`;
}

/** What was expected, in words, for issues whose schema did not carry its own "expected …" message. */
function defaultExpectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return TYPE_WORDS[issue.expected] ?? String(issue.expected);
    case "too_small":
    case "too_big": {
      const limit = bound(issue as { minimum?: unknown; maximum?: unknown; inclusive?: boolean }, issue.code === "too_small" ? "min" : "max");
      if (issue.origin === "string") return `text of ${limit} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `a list of ${limit} entries`;
      return `a number ${limit}`;
    }
    case "invalid_format":
      return issue.format === "regex" ? `text matching ${String((issue as { pattern?: string }).pattern)}` : `a valid ${issue.format}`;
    case "not_multiple_of":
      return `a multiple of ${String(issue.divisor)}`;
    case "invalid_value":
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return "only known fields";
    case "invalid_union":
      return "one of the allowed forms";
    default:
      return issue.message;
  }
}

const NOT_FOUND = Symbol("not found");

/** The value at `path` in the document as the merchant wrote it, or NOT_FOUND. */
function valueAt(document: unknown, path: readonly PathPart[]): unknown {
  let current: unknown = document;
  for (const part of path) {
    if (current === null || typeof current !== "object" || !Object.prototype.hasOwnProperty.call(current, part)) return NOT_FOUND;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/**
 * One line per issue: `<file>: <path>: expected <what>, got <found>`. Messages the schema wrote
 * ("expected …") are used as they are; when they already name what was found they are not extended.
 * With the raw document, "found" is the value exactly as written (zod reports trimmed text).
 */
export function formatIssue(file: string, issue: z.core.$ZodIssue, document?: unknown): string {
  let path = [...issue.path];
  // A single unknown key is reported at the key itself, which is where the merchant has to look.
  if (issue.code === "unrecognized_keys" && issue.keys.length === 1) path = [...path, issue.keys[0]];
  const message = issue.message.startsWith("expected ") ? issue.message : `expected ${defaultExpectation(issue)}`;
  const raw = document === undefined ? NOT_FOUND : valueAt(document, path);
  const found = raw === NOT_FOUND ? (document === undefined ? issue.input : undefined) : raw;
  const complete = /, got /.test(message) ? message : `${message}, got ${describeFound(found)}`;
  return `${file}: ${formatPath(path)}: ${complete}`;
}

/** All issues of a failed parse, one line each, duplicates dropped, in the order zod found them. */
export function formatIssues(file: string, issues: readonly z.core.$ZodIssue[], document?: unknown): string[] {
  return [...new Set(issues.map((issue) => formatIssue(file, issue, document)))];
}
