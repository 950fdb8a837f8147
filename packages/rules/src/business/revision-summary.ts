/**
 * The one-line summary of a revision of the business data: what changed between two versions of the
 * document, in words an owner reads in the history ("Changed the price of Margherita, Tuesday's hours at
 * Vela Fishtown and 2 more"). Computed from the normalised data (so `_id` → `id` or "12.5" → 12.50 is no
 * change), never typed by anyone.
 */
import type { Business, Location, MenuItem } from "./schema";

type Verb = "Changed" | "Added" | "Removed" | "Hid" | "Showed" | "Renamed";

/** One change: its verb and what it applies to ("the price of Margherita"). */
export interface Change {
  verb: Verb;
  what: string;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Fields of the business itself, in the order a summary names them, with the words for each. */
const BUSINESS_FIELDS: [keyof Business, string][] = [
  ["name", "the business name"],
  ["type", "the business type"],
  ["categories", "the categories"],
  ["subCategory", "the cuisine"],
  ["description", "the description"],
  ["url", "the website address"],
  ["logo", "the logo"],
  ["heroImage", "the main image"],
  ["images", "the gallery"],
  ["socialMedia", "the social links"],
  ["domains", "the site's addresses"],
  ["brandIdentity", "the brand"],
  ["recipe", "the recipe"],
  ["locale", "the language"],
  ["bookingUrl", "the booking link"],
  ["announcement", "the announcement"],
  ["ordering", "the ordering settings"],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A location as the owner knows it: its name, else its street. */
const placeName = (location: Location) => location.name ?? location.street;

/** Records present in both (by id, in the new order), added and removed. */
function matchById<T extends { id: string }>(before: readonly T[], after: readonly T[]) {
  const old = new Map(before.map((record) => [record.id, record]));
  const now = new Set(after.map((record) => record.id));
  return {
    kept: after.filter((record) => old.has(record.id)).map((record) => [old.get(record.id) as T, record] as const),
    added: after.filter((record) => !old.has(record.id)),
    removed: before.filter((record) => !now.has(record.id)),
  };
}

/** Adds, removals, and the one phrase a changed record gets; `detail` may word a change more precisely. */
function records<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  label: (record: T) => string,
  detail: (old: T, now: T) => Change[] = (old, now) => (same(old, now) ? [] : [{ verb: "Changed", what: label(now) }]),
): Change[] {
  const { kept, added, removed } = matchById(before, after);
  return [
    ...kept.flatMap(([old, now]) => detail(old, now)),
    ...added.map((record) => ({ verb: "Added" as const, what: label(record) })),
    ...removed.map((record) => ({ verb: "Removed" as const, what: label(record) })),
  ];
}

function locationChanges(old: Location, now: Location): Change[] {
  const at = placeName(now);
  const changes: Change[] = [];
  WEEKDAYS.forEach((day, index) => {
    const hoursOf = (location: Location) => location.hours.filter((entry) => entry.day === index + 1);
    if (!same(hoursOf(old), hoursOf(now))) changes.push({ verb: "Changed", what: `${day}'s hours at ${at}` });
  });
  if (!same(old.specialHours, now.specialHours)) changes.push({ verb: "Changed", what: `the special hours at ${at}` });
  const rest = (location: Location) => ({ ...location, hours: [], specialHours: [] });
  if (!same(rest(old), rest(now))) changes.push({ verb: "Changed", what: `the details of ${at}` });
  return changes;
}

function itemChanges(old: MenuItem, now: MenuItem): Change[] {
  const changes: Change[] = [];
  if (old.name !== now.name) changes.push({ verb: "Renamed", what: `${old.name} to ${now.name}` });
  if (old.visible !== now.visible) changes.push({ verb: now.visible ? "Showed" : "Hid", what: now.name });
  const prices = (item: MenuItem) => item.variations.map((variation) => [variation.id, variation.priceCents]);
  if (!same(prices(old), prices(now))) changes.push({ verb: "Changed", what: `the price of ${now.name}` });
  const rest = (item: MenuItem) => ({ ...item, name: "", visible: true, variations: item.variations.map((variation) => ({ ...variation, priceCents: 0 })) });
  if (!same(rest(old), rest(now))) changes.push({ verb: "Changed", what: now.name });
  return changes;
}

/** Every change from `before` to `after`, in the order of the document. */
export function businessChanges(before: Business, after: Business): Change[] {
  const fields = BUSINESS_FIELDS.filter(([key]) => !same(before[key], after[key])).map(([, what]): Change => ({ verb: "Changed", what }));
  const team = records(before.team, after.team, (member) => member.name, (old, now) => {
    if (old.show !== now.show) return [{ verb: now.show ? "Showed" : "Hid", what: now.name }];
    return same(old, now) ? [] : [{ verb: "Changed", what: `${now.name}'s profile` }];
  });
  const { menu: oldMenu } = before;
  const { menu } = after;
  return [
    ...fields,
    ...records(before.locations, after.locations, (location) => `location ${placeName(location)}`, locationChanges),
    ...records(oldMenu.items, menu.items, (item) => item.name, itemChanges),
    ...records(oldMenu.categories, menu.categories, (category) => `the category ${category.name}`),
    ...records(oldMenu.modifierSets, menu.modifierSets, (set) => `the options ${set.name}`),
    ...records(oldMenu.modifiers, menu.modifiers, (modifier) => `the option ${modifier.name}`),
    ...team,
    ...records(before.pages, after.pages, (page) => `the page ${page.title}`),
    ...records(before.blogPosts, after.blogPosts, (post) => `the post ${post.title}`),
  ];
}

/** At most this many changes are named; the rest are counted ("and 2 more"). */
const NAMED = 2;

/** The changes as one sentence: a verb is written once for a run of changes that share it. */
export function changeSentence(changes: readonly Change[]): string {
  if (changes.length === 0) return "No changes";
  const named = changes.length <= NAMED + 1 ? changes : changes.slice(0, NAMED);
  const phrases = named.map((change, index) => {
    const verb = index > 0 && named[index - 1].verb === change.verb ? "" : `${index === 0 ? change.verb : change.verb.toLowerCase()} `;
    return `${verb}${change.what}`;
  });
  if (named.length < changes.length) phrases.push(`${changes.length - named.length} more`);
  const last = phrases.pop() as string;
  return phrases.length === 0 ? last : `${phrases.join(", ")} and ${last}`;
}
