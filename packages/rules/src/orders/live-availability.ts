/**
 * Sold out as the service says now: the site's menu cards and item dialog read
 * `GET businesses/{id}/availability/` (api-views.ts PublicAvailabilitySchema) and mark what the merchant
 * sold out since the build. The live answer only adds marks: what the build data says is sold out stays
 * sold out (the data file's `available: false` is permanent, and the service counts it too).
 *
 * The browser reads the reply with readPublicAvailability rather than the zod schema: zod's classic build,
 * and even zod/mini, weighs more than this whole feature, on every menu page. The
 * schema stays the contract (the service's tests parse every reply with it); the tests of this module run
 * every case through both and require that the reader accepts what the schema accepts.
 */
import { isVariationSoldOut } from "./sold-out";

/**
 * How long an answer holds: the service's `Cache-Control: max-age` on the call, and how long the site
 * shares one answer between the cards of a page (so a mark shows on the site within a minute).
 */
export const LIVE_AVAILABILITY_MAX_AGE_MS = 30_000;

/** What is sold out now, by item id, by variation id and by modifier id. */
export interface LiveSoldOut {
  items: ReadonlySet<string>;
  variations: ReadonlySet<string>;
  modifiers: ReadonlySet<string>;
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === "string");

/** The sold-out lists of an availability reply, or null when the reply is not one (an error page, a proxy's HTML). */
export function readPublicAvailability(value: unknown): LiveSoldOut | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { sold_out_items: items, sold_out_variations: variations, sold_out_modifiers: modifiers, locations, as_of: asOf } = value as Record<string, unknown>;
  if (!isStringArray(items) || !isStringArray(variations) || !isStringArray(modifiers) || !Array.isArray(locations) || typeof asOf !== "string") return null;
  return { items: new Set(items), variations: new Set(variations), modifiers: new Set(modifiers) };
}

/**
 * The locations taking online orders, from an availability reply, each with its pause
 * (`locations[].paused_until`, ISO with the location's offset, or null): a location missing from the
 * reply does not take online orders now. Null when the reply is not one.
 */
export function readOrderingLocations(value: unknown): ReadonlyMap<string, string | null> | null {
  if (readPublicAvailability(value) === null) return null;
  const locations = new Map<string, string | null>();
  for (const entry of (value as { locations: unknown[] }).locations) {
    if (entry === null || typeof entry !== "object") continue;
    const { location_id: id, paused_until: until } = entry as Record<string, unknown>;
    if (typeof id === "string") locations.set(id, typeof until === "string" ? until : null);
  }
  return locations;
}

/**
 * What the build's menu says is sold out, and which locations took online orders: what a page was built showing,
 * so a live answer can be told apart from it (builtAvailability).
 */
export interface BuiltAvailability {
  soldOutItems: readonly string[];
  soldOutVariations: readonly string[];
  orderingLocations: readonly string[];
}

interface AvailabilitySource {
  menu: { items: readonly { id: string; available: boolean; variations: readonly { id: string; available: boolean }[] }[] };
  locations: readonly { id: string; orderingEnabled: boolean }[];
}

/** The build's side of availabilityChangedSinceBuild, from the business data the build and the service both read. */
export function builtAvailability(business: AvailabilitySource): BuiltAvailability {
  return {
    soldOutItems: business.menu.items.filter((item) => !item.available).map((item) => item.id),
    soldOutVariations: business.menu.items.flatMap((item) => item.variations.filter((variation) => !variation.available).map((variation) => variation.id)),
    orderingLocations: business.locations.filter((location) => location.orderingEnabled).map((location) => location.id),
  };
}

/**
 * Whether a live answer changes what a menu card shows from what the build shows: an item or a variation sold out
 * since, or a location that took online orders no longer taking them ("Not taking orders"). A pause changes no
 * card (Add stays: the service takes orders for later), and sold-out modifiers only the item dialog shows. No
 * answer (unreachable, not one) changes nothing: the page keeps what the build says.
 */
export function availabilityChangedSinceBuild(reply: unknown, built: BuiltAvailability): boolean {
  const live = readPublicAvailability(reply);
  const ordering = readOrderingLocations(reply);
  if (!live || !ordering) return false;
  const items = new Set(built.soldOutItems);
  const variations = new Set(built.soldOutVariations);
  return [...live.items].some((id) => !items.has(id)) || [...live.variations].some((id) => !variations.has(id)) || built.orderingLocations.some((id) => !ordering.has(id));
}

/** Whether two answers mark the same things sold out (a re-read that changes nothing must change nothing on the page). */
export function sameSoldOut(a: LiveSoldOut | null, b: LiveSoldOut | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.items.size !== b.items.size || a.variations.size !== b.variations.size || a.modifiers.size !== b.modifiers.size) return false;
  return [...a.items].every((id) => b.items.has(id)) && [...a.variations].every((id) => b.variations.has(id)) && [...a.modifiers].every((id) => b.modifiers.has(id));
}

interface LiveVariation {
  id: string;
  available?: boolean | null;
}

/** A modifier set as the item dialog holds it: its modifiers, each with its availability. */
interface LiveModifierSet {
  modifiers: readonly LiveVariation[];
}

/**
 * The item with what is sold out now applied: `available: false` when the item is marked, on each marked
 * variation, and on each marked modifier of its modifier sets (a topping sold out on every item). Returns
 * the same object when nothing changes, so a caller can compare by identity.
 */
export function withLiveSoldOut<V extends LiveVariation, S extends LiveModifierSet, T extends { available?: boolean | null; variations: readonly V[]; modifierSets?: readonly S[] }>(
  item: T,
  itemId: string,
  live: LiveSoldOut | null,
): T {
  if (!live) return item;
  const itemMarked = item.available !== false && live.items.has(itemId);
  const marked = (variation: V) => !isVariationSoldOut(variation) && live.variations.has(variation.id);
  const modifierMarked = (modifier: LiveVariation) => modifier.available !== false && live.modifiers.has(modifier.id);
  const setMarked = (set: S) => set.modifiers.some(modifierMarked);
  const sets = item.modifierSets;
  if (!itemMarked && !item.variations.some(marked) && !sets?.some(setMarked)) return item;
  return {
    ...item,
    available: itemMarked ? false : item.available,
    variations: item.variations.map((variation) => (marked(variation) ? { ...variation, available: false } : variation)),
    ...(sets ? { modifierSets: sets.map((set) => (setMarked(set) ? { ...set, modifiers: set.modifiers.map((modifier) => (modifierMarked(modifier) ? { ...modifier, available: false } : modifier)) } : set)) } : {}),
  };
}

/**
 * The visitor's words for the service refusing a line because it is sold out (422, `detail` naming
 * `…selected_variation…` with "Margherita (Large) is sold out"): "Sorry, Margherita (Large) is sold out."
 * Null for any other refusal, which keeps the service's own message.
 */
export function soldOutRefusal(status: number, body: unknown): string | null {
  if (status !== 422 || body === null || typeof body !== "object") return null;
  const detail = (body as { detail?: unknown }).detail;
  if (!Array.isArray(detail)) return null;
  for (const issue of detail) {
    const message = issue && typeof issue === "object" ? (issue as { message?: unknown }).message : undefined;
    if (typeof message === "string" && /\bis sold out$/.test(message.trim())) return `Sorry, ${message.trim()}. Choose something else.`;
  }
  return null;
}
