/**
 * The strict record every business-data object is built from, with the messages merchants read: unknown
 * keys named with a "did you mean", wrong types said as what was expected, and aliased keys (`_id`/`id`)
 * remembered so later checks name the field as the merchant wrote it.
 *
 * Every custom message starts with "expected …" so format-issues.ts can append ", got <found>".
 */
import { z } from "zod";

export const expected = (what: string) => ({ error: `expected ${what}` });

/**
 * Remembers which spelling of an aliased key the input used, keyed by the normalised output object,
 * so business-level checks (duplicate ids) can name the field exactly as the merchant wrote it.
 */
const sourceKeys = new WeakMap<object, Record<string, string>>();

/** The input key that produced `key` of a normalised object ("_id" when the input said `_id`). */
export function inputKeyOf(output: object, key: string): string {
  return sourceKeys.get(output)?.[key] ?? key;
}

export function remember<T extends object>(output: T, keys: Record<string, string>): T {
  sourceKeys.set(output, keys);
  return output;
}

export const fieldList = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(", ");

/** Edit distance counting a swap of neighbours as one edit ("nmae" is one edit from "name"). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known key a misspelled one most likely meant: same letters in another case, or one or two edits away. */
function suggestKey(unknown: string, known: readonly string[]): string | undefined {
  const lower = unknown.toLowerCase();
  const exact = known.find((key) => key.toLowerCase() === lower);
  if (exact) return exact;
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = editDistance(lower, key.toLowerCase());
    if (distance <= Math.max(1, Math.floor(key.length / 4)) && (!best || distance < best.distance)) {
      best = { key, distance };
    }
  }
  return best?.key;
}

function unknownKeysMessage(kind: string, keys: readonly string[], known: readonly string[]): string {
  const visible = known.filter((key) => key !== "$schema");
  if (keys.length === 1) {
    const suggestion = suggestKey(keys[0], visible);
    const hint = suggestion ? `did you mean "${suggestion}"?` : `known fields: ${fieldList(visible)}`;
    return `expected a known field of ${kind} (${hint}), got an unknown field`;
  }
  const described = keys.map((key) => {
    const suggestion = suggestKey(key, visible);
    return suggestion ? `"${key}" (did you mean "${suggestion}"?)` : `"${key}"`;
  });
  return `expected only known fields of ${kind} (${fieldList(visible)}), got unknown fields ${described.join(", ")}`;
}

/**
 * A strict object whose unknown-key and wrong-type errors name what kind of record it is. `info.id`
 * names its definition in the published JSON Schema and its section in docs/business-data.md.
 */
export function record<S extends z.core.$ZodLooseShape>(kind: string, info: { id: string; description: string }, shape: S) {
  const known = Object.keys(shape);
  return z
    .strictObject(shape, {
      error: (issue) => {
        if (issue.code === "unrecognized_keys") return unknownKeysMessage(kind, issue.keys, known);
        if (issue.code === "invalid_type") return `expected ${kind} as an object with fields`;
        return undefined;
      },
    })
    .meta({ id: info.id, title: info.id, description: info.description });
}

type IdInput = { _id?: string; id?: string };
export type Ctx = z.core.$RefinementCtx;

/** Reads a value given under either of two spellings (required when `what` is given); both spellings must agree. */
export function aliased<T>(
  ctx: Ctx,
  value: Record<string, unknown>,
  primary: string,
  secondary: string,
  what: string,
): { value: T | undefined; key: string } {
  const a = value[primary] as T | undefined;
  const b = value[secondary] as T | undefined;
  if (a !== undefined && b !== undefined && a !== b) {
    ctx.addIssue({
      code: "custom",
      path: [secondary],
      message: `expected the same value as "${primary}" (${JSON.stringify(a)}) or only one of "${primary}" and "${secondary}"`,
      input: b,
    });
  }
  if (a === undefined && b === undefined && what) {
    ctx.addIssue({ code: "custom", path: [primary], message: `expected ${what} in "${primary}" (or "${secondary}")`, input: undefined });
  }
  return a !== undefined ? { value: a, key: primary } : { value: b, key: secondary };
}

export function pickId(ctx: Ctx, value: IdInput): { id: string; key: string } {
  const picked = aliased<string>(ctx, value, "_id", "id", "an id as non-empty text");
  return { id: picked.value ?? "", key: picked.key };
}
