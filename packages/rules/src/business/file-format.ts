/**
 * How a business data file is written when the service writes one (an edit saved in the workspace, then
 * exported): the layout of the sample files in data/, made a rule so the same document is always the same
 * bytes. Keys keep the document's order; two spaces indent; a list or object of plain values (text,
 * numbers, true/false, null, an empty list or object) stays on one line when that line fits in WIDTH
 * characters (`"hours": [` then one `{ "day": 2, "open": 1000, "close": 2000 }` per line); anything
 * holding a list or object is spread over lines, except a list of one such small object; a newline ends
 * the file.
 */

const WIDTH = 180;
const INDENT = "  ";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isContainer = (value: Json): value is Json[] | { [key: string]: Json } => value !== null && typeof value === "object";
const entriesOf = (value: Json[] | { [key: string]: Json }): [string | null, Json][] =>
  Array.isArray(value) ? value.map((item) => [null, item]) : Object.entries(value);

/** The one-line form of a value, or null when it holds something that must be spread over lines. */
function inline(value: Json, depth = 0): string | null {
  if (!isContainer(value)) return JSON.stringify(value);
  const entries = entriesOf(value);
  if (entries.length === 0) return Array.isArray(value) ? "[]" : "{}";
  // A list of one object of plain values reads as one thing: [{ "url": …, "label": … }].
  const nestedAllowed = Array.isArray(value) && entries.length === 1 && depth === 0;
  const parts: string[] = [];
  for (const [key, item] of entries) {
    if (isContainer(item) && entriesOf(item).length > 0 && !nestedAllowed) return null;
    const text = inline(item, depth + 1);
    if (text === null) return null;
    parts.push(key === null ? text : `${JSON.stringify(key)}: ${text}`);
  }
  return Array.isArray(value) ? `[${parts.join(", ")}]` : `{ ${parts.join(", ")} }`;
}

function write(value: Json, indent: string, prefix: string, suffix: string): string[] {
  const one = inline(value);
  if (one !== null && (indent.length + prefix.length + one.length + suffix.length <= WIDTH || !isContainer(value))) {
    return [`${indent}${prefix}${one}${suffix}`];
  }
  const container = value as Json[] | { [key: string]: Json };
  const entries = entriesOf(container);
  const [open, close] = Array.isArray(container) ? ["[", "]"] : ["{", "}"];
  const inner = indent + INDENT;
  const lines = entries.flatMap(([key, item], index) =>
    write(item, inner, key === null ? "" : `${JSON.stringify(key)}: `, index < entries.length - 1 ? "," : ""),
  );
  return [`${indent}${prefix}${open}`, ...lines, `${indent}${close}${suffix}`];
}

/** The data file's text for a document (a JSON value, as JSON.parse gives it). */
export function formatBusinessFile(document: unknown): string {
  return `${write(document as Json, "", "", "").join("\n")}\n`;
}
