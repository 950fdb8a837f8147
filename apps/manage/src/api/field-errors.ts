import { isApiError } from "@mainstreet/rules/api/api-error";
import { MIN_PASSWORD_LENGTH } from "@mainstreet/rules/workspace/passwords";

/**
 * The owner's voice for a refused field. The service names fields by path for API clients
 * (`body.email: expected an email address like name@example.com, got "ada@example"`); an owner reads one
 * sentence that says what to do, at the field. Every workspace form, and the checks a form makes before
 * sending, take their sentences from this one table.
 */

const SENTENCES = {
  email: "Enter an email address like name@example.com.",
  role: "Choose a role: Staff or Owner.",
  password: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  rush_minutes: "Enter the extra minutes as a whole number from 0 to 120.",
  paused_until: "Choose the time online orders start again, like 19:30.",
  orders_per_slot: "Enter the orders per slot as a whole number from 1 to 1000, or leave it empty for the usual setting.",
  reason: "Write why the order is cancelled, in at most 500 characters: the customer reads it.",
} as const;

export type WorkspaceField = keyof typeof SENTENCES;

/** Said when the service refuses something the owner did not type (an id, a choice the screen made). */
export const UNTYPED_REFUSAL = "The service did not accept this change. Reload the page and try again.";

const isField = (name: string): name is WorkspaceField => Object.hasOwn(SENTENCES, name);

/** The sentence for a field, for the form's own check before it sends. */
export function fieldSentence(field: WorkspaceField): string {
  return SENTENCES[field];
}

/** `body.email`, `body.line_items[0].quantity`, as the service writes them. */
const PATH = /^(?:body|query|params)(?:\.[A-Za-z_][\w]*|\[\d+\])+/;

/** The field paths a refusal names: its `detail` list, else the path its message starts with. */
function refusedPaths(body: unknown): string[] {
  const record = body !== null && typeof body === "object" ? (body as { message?: unknown; detail?: unknown }) : {};
  if (Array.isArray(record.detail)) {
    const paths = record.detail.flatMap((issue: unknown) => {
      const path = issue !== null && typeof issue === "object" ? (issue as { path?: unknown }).path : undefined;
      return typeof path === "string" ? [path] : [];
    });
    if (paths.length > 0) return paths;
  }
  const match = typeof record.message === "string" ? PATH.exec(record.message) : null;
  return match ? [match[0]] : [];
}

/** The workspace field a path names (`body.email` → email), or null for one no owner typed. */
function fieldOf(path: string): WorkspaceField | null {
  const [where, name] = path.split(/[.[]/);
  return where === "body" && name !== undefined && isField(name) ? name : null;
}

export interface Refusal {
  /** A sentence for each refused field the form shows, by field. */
  fields: Partial<Record<WorkspaceField, string>>;
  /** The form's own line: what is left once the fields have theirs (null when nothing is). */
  message: string | null;
}

/**
 * What a form shows for an error from the service: sentences at the fields it shows, and one line for the
 * rest (a refusal of something else, or the service's own plain words when it names no field).
 */
export function refusalOf(error: unknown, shown: readonly WorkspaceField[], fallback: (error: unknown) => string): Refusal {
  const paths = isApiError(error) ? refusedPaths(error.body) : [];
  if (paths.length === 0) return { fields: {}, message: fallback(error) };
  const fields: Partial<Record<WorkspaceField, string>> = {};
  let other = false;
  for (const path of paths) {
    const field = fieldOf(path);
    if (field && shown.includes(field)) fields[field] = SENTENCES[field];
    else other = true;
  }
  return { fields, message: other ? ownerMessageFor(paths) : null };
}

/** One line for a refusal of named fields, for a place with no field to put a sentence at (a button). */
function ownerMessageFor(paths: readonly string[]): string {
  const sentences = [...new Set(paths.map((path) => fieldOf(path)).map((field) => (field ? SENTENCES[field] : UNTYPED_REFUSAL)))];
  return sentences.join(" ");
}

/** The owner's line for a refusal body, or null when it names no field (its message is already plain). */
export function ownerMessageOf(body: unknown): string | null {
  const paths = refusedPaths(body);
  return paths.length > 0 ? ownerMessageFor(paths) : null;
}
