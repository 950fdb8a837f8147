import type { SiteDocument } from "./site-document";

/**
 * Paths inside the draft, as the service's 422 names them (`locations[0].hours[1].open`): the id of the input
 * that edits a path, the words an owner reads for it ("Tuesday opens at Carrow Street"), and the paths two
 * versions of the draft differ at (what a conflict kept from being saved).
 */

type Segment = string | number;

/** `locations[0].hours[1].open` → ["locations", 0, "hours", 1, "open"]. */
export function pathSegments(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) segments.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  return segments;
}

function joinPath(segments: readonly Segment[]): string {
  return segments.map((segment, index) => (typeof segment === "number" ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join("");
}

/** The id of the input that edits `path`: the error summary's links lead to it. */
export function fieldId(path: string): string {
  return `site-${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "document"}`;
}

/** The id of the sentence under the input of `path`, which the input names with aria-describedby. */
export const errorIdOf = (path: string): string => `${fieldId(path)}-error`;

type Json = unknown;

function child(value: Json, segment: Segment): Json {
  if (value === null || typeof value !== "object") return undefined;
  return (value as Record<string | number, Json>)[segment];
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Words for the keys an owner edits; any other key is written out from its camelCase. */
const KEY_WORDS: Record<string, string> = {
  primaryColor: "main colour",
  secondaryColor: "second colour",
  accentColor: "accent colour",
  fontFamily: "heading font",
  brandIdentity: "brand",
  socialMedia: "social link",
  phoneNumber: "phone",
  url: "web address",
  bookingUrl: "booking link",
  startTime: "start",
  endTime: "end",
  timezone: "time zone",
  dismissalType: "closing choice",
  referenceId: "dismissal key",
  specialHours: "special hours",
  navigationPriority: "position in the navigation",
  navigationOrder: "position in the navigation",
  priceDisplay: "price text",
  durationMinutes: "length",
  bufferMinutes: "time after",
};

const words = (key: string) => KEY_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** A location as the owner knows it: its name, else its street (as the history's summaries name it). */
export function placeName(location: { name?: string; street?: string } | undefined, index: number): string {
  return location?.name?.trim() || location?.street?.trim() || `location ${index + 1}`;
}

function recordName(value: Json): string | null {
  for (const key of ["name", "title", "label"]) {
    const found = child(value, key);
    if (typeof found === "string" && found.trim()) return found.trim();
  }
  return null;
}

/**
 * What an owner reads for a path: "Tuesday opens at Carrow Street", "the special hours of 2026-12-25 at
 * Luma Lakeview", "price of Balayage", "announcement text".
 */
export function pathLabel(path: string, document: Json): string {
  const segments = pathSegments(path);
  let value: Json = document;
  let place: string | null = null;
  let owner: string | null = null;
  let leaf: string | null = null;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index];
    const parent = segments[index - 1];
    value = child(value, segment);
    if (typeof segment === "number") {
      if (parent === "locations") place = placeName(value as { name?: string; street?: string }, segment);
      else if (parent === "hours") {
        const day = Number(child(value, "day"));
        owner = WEEKDAYS[day - 1] ?? `hours entry ${segment + 1}`;
      } else if (parent === "specialHours") {
        const date = child(value, "date");
        owner = `the special hours of ${typeof date === "string" && date ? date : `entry ${segment + 1}`}`;
      } else if (parent === "variations" && owner !== null) {
        // An item's one unnamed variation is the item to its owner: "Price of Gloss", not "of variations 1".
        const name = recordName(value);
        owner = name ? `${name} (${owner})` : owner;
      } else owner = recordName(value) ?? `${words(String(parent ?? "entry"))} ${segment + 1}`;
      leaf = null;
    } else if (!["locations", "hours", "specialHours", "menu", "items", "variations", "categories", "pages", "team", "socialMedia"].includes(segment) || index === segments.length - 1) {
      leaf = leaf && index > 0 && typeof parent === "string" ? `${words(parent)} ${words(segment)}` : words(segment);
    }
  }
  const inHours = segments.includes("hours") && owner !== null && (leaf === "open" || leaf === "close");
  const text = inHours ? `${owner} ${leaf === "open" ? "opens" : "closes"}` : [leaf, owner].filter(Boolean).join(" of ") || "the business data";
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${place ? ` at ${place}` : ""}`;
}

export interface ChangedValue {
  path: string;
  /** The value in the newer of the two versions (undefined: removed there). */
  value: Json;
}

/** The leaf paths where `after` differs from `before`, in `after`'s order (removed ones last). */
export function changedValues(before: Json, after: Json, at: Segment[] = []): ChangedValue[] {
  const isObject = (value: Json) => value !== null && typeof value === "object";
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: joinPath(at), value: after }];
  }
  const a = before as Record<string, Json>;
  const b = after as Record<string, Json>;
  const keys = [...Object.keys(b), ...Object.keys(a).filter((key) => !(key in b))];
  return keys.flatMap((key) => changedValues(a[key], b[key], [...at, Array.isArray(b) ? Number(key) : key]));
}

/** A value as an owner reads it in a list of changes: an opening or closing time as 21:00, not 2100. */
export function valueText(value: Json, path = ""): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "number" && /\.(?:open|close)$/.test(path)) return `${String(Math.floor((value % 2400) / 100)).padStart(2, "0")}:${String(value % 100).padStart(2, "0")}`;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The draft with `edit` applied to a copy of the value at `segments` (created as an object when absent). */
export function updateAt(document: SiteDocument, segments: readonly Segment[], edit: (value: Json) => Json): SiteDocument {
  const go = (value: Json, rest: readonly Segment[]): Json => {
    if (rest.length === 0) return edit(value);
    const [head, ...tail] = rest;
    if (Array.isArray(value)) return value.map((entry, index) => (index === head ? go(entry, tail) : entry));
    const record = value !== null && typeof value === "object" ? (value as Record<string, Json>) : {};
    return { ...record, [head]: go(record[head as string], tail) };
  };
  return go(document, segments) as SiteDocument;
}

/** An object with `key` set to `value`, or without `key` when the value is empty: optional fields are left out. */
export function withOptional<T extends object>(record: T, key: string, value: Json): T {
  const next = { ...record } as Record<string, Json>;
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) delete next[key];
  else next[key] = value;
  return next as T;
}
