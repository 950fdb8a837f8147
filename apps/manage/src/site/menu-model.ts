import type { SiteDocument } from "./site-document";

/**
 * The menu's edits as pure functions of the draft: each returns a new document that shares every record it
 * did not change, so a row whose item is the same object renders nothing again (a 2,000-item menu stays
 * quick to type in). Records refer to each other by id: an item's id is in its categories' `items` and in
 * the team's `services`; the edits keep those references whole.
 */

type Menu = NonNullable<SiteDocument["menu"]>;
export type MenuItemInput = NonNullable<Menu["items"]>[number];
export type CategoryInput = NonNullable<Menu["categories"]>[number];
export type VariationInput = MenuItemInput["variations"][number];
export type ImageInput = NonNullable<MenuItemInput["image"]>;

/** A record's id as the file writes it (`_id`, or its alias `id`). */
export const recordId = (record: { _id?: string; id?: string }): string => record._id ?? record.id ?? "";

/** A new record's id: a slug of its name and 8 random hex digits, never equal to another's. */
export function newId(name: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  const suffix = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return slug ? `${slug}-${suffix}` : suffix;
}

export const menuOf = (document: SiteDocument): { categories: CategoryInput[]; items: MenuItemInput[] } => ({
  categories: document.menu?.categories ?? [],
  items: document.menu?.items ?? [],
});

const withMenu = (document: SiteDocument, menu: Partial<Menu>): SiteDocument => ({ ...document, menu: { ...document.menu, ...menu } });

/** Categories in the order the site lists them: by `order`, ties in file order. The indexes are the file's. */
export function categoriesInOrder(categories: readonly CategoryInput[] = []): { category: CategoryInput; index: number }[] {
  return categories
    .map((category, index) => ({ category, index }))
    .sort((a, b) => (a.category.order ?? 0) - (b.category.order ?? 0) || a.index - b.index);
}

/** Swaps two neighbours of a list; the same list when `to` is outside it. */
export function swapped<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export function updateCategory(document: SiteDocument, index: number, edit: (category: CategoryInput) => CategoryInput): SiteDocument {
  return withMenu(document, { categories: menuOf(document).categories.map((category, at) => (at === index ? edit(category) : category)) });
}

export function updateItem(document: SiteDocument, index: number, edit: (item: MenuItemInput) => MenuItemInput): SiteDocument {
  return withMenu(document, { items: menuOf(document).items.map((item, at) => (at === index ? edit(item) : item)) });
}

/** A new empty category, last in the site's order; `id` is made before the edit, so the caller can open it. */
export function addCategory(document: SiteDocument, name: string, id: string): SiteDocument {
  const { categories } = menuOf(document);
  const last = categoriesInOrder(categories).at(-1)?.category.order ?? 0;
  return withMenu(document, { categories: [...categories, { _id: id, name, order: categories.length === 0 ? 0 : last + 1, items: [] }] });
}

/** Moves a category up (-1) or down (+1) in the site's order; every category's `order` becomes its place. */
export function moveCategory(document: SiteDocument, index: number, delta: -1 | 1): SiteDocument {
  const ordered = categoriesInOrder(menuOf(document).categories).map((entry) => entry.index);
  const position = ordered.indexOf(index);
  const moved = swapped(ordered, position, position + delta);
  const places = new Map(moved.map((fileIndex, place) => [fileIndex, place]));
  return withMenu(document, { categories: menuOf(document).categories.map((category, at) => ({ ...category, order: places.get(at) ?? 0 })) });
}

/** Removes a category; its items stay on the menu (in their other categories, or in none). */
export function removeCategory(document: SiteDocument, index: number): SiteDocument {
  const { categories } = menuOf(document);
  const id = recordId(categories[index]);
  return withoutServices(withMenu(document, { categories: categories.filter((_, at) => at !== index) }), new Set([id]));
}

/** A new item in a category (or none), with one variation at `price` as typed (the file's text form). */
export function addItem(document: SiteDocument, categoryIndex: number | null, item: { id: string; name: string; price: string }): SiteDocument {
  const { categories, items } = menuOf(document);
  const withItem = withMenu(document, { items: [...items, { _id: item.id, name: item.name, variations: [{ _id: `${item.id}-price`, name: "", price: item.price }] }] });
  if (categoryIndex === null) return withItem;
  const category = categories[categoryIndex];
  return updateCategory(withItem, categoryIndex, () => ({ ...category, items: [...(category.items ?? []), item.id] }));
}

/** Moves an item up (-1) or down (+1) within one category's list. */
export function moveItem(document: SiteDocument, categoryIndex: number, itemId: string, delta: -1 | 1): SiteDocument {
  return updateCategory(document, categoryIndex, (category) => {
    const ids = category.items ?? [];
    const at = ids.indexOf(itemId);
    return { ...category, items: swapped(ids, at, at + delta) };
  });
}

/** Moves an item from one category (or none) to another (or none). */
export function setItemCategory(document: SiteDocument, itemId: string, from: number | null, to: number | null): SiteDocument {
  if (from === to) return document;
  const { categories } = menuOf(document);
  return withMenu(document, {
    categories: categories.map((category, at) => {
      const ids = category.items ?? [];
      if (at === from) return { ...category, items: ids.filter((id) => id !== itemId) };
      if (at === to && !ids.includes(itemId)) return { ...category, items: [...ids, itemId] };
      return category;
    }),
  });
}

/** The team members' `services` without these ids (an item or category that is gone). */
function withoutServices(document: SiteDocument, ids: ReadonlySet<string>): SiteDocument {
  const team = document.team;
  if (!team?.some((member) => member.services?.some((id) => ids.has(id)))) return document;
  return { ...document, team: team.map((member) => (member.services?.some((id) => ids.has(id)) ? { ...member, services: member.services.filter((id) => !ids.has(id)) } : member)) };
}

/** Removes an item from the menu, from every category, and from what the team can be booked for. */
export function removeItem(document: SiteDocument, itemId: string): SiteDocument {
  const { categories, items } = menuOf(document);
  const menu = withMenu(document, {
    items: items.filter((item) => recordId(item) !== itemId),
    categories: categories.map((category) => (category.items?.includes(itemId) ? { ...category, items: category.items.filter((id) => id !== itemId) } : category)),
  });
  return withoutServices(menu, new Set([itemId]));
}

/** The items in no category: they have no page until they are put in one. */
export function uncategorisedItems(categories: readonly CategoryInput[] = [], items: readonly MenuItemInput[] = []): { item: MenuItemInput; index: number }[] {
  const placed = new Set(categories.flatMap((category) => category.items ?? []));
  return items.map((item, index) => ({ item, index })).filter(({ item }) => !placed.has(recordId(item)));
}

/**
 * Whether the owner edits lengths in minutes: a location takes appointments, or a variation already has a
 * length (a business that books elsewhere, or turned appointments off for now). Stops at the first found.
 */
export function editsLengths(locations: SiteDocument["locations"] = [], items: readonly MenuItemInput[] = []): boolean {
  if (locations.some((location) => location.appointments?.enabled === true)) return true;
  return items.some((item) => item.variations?.some((variation) => variation.durationMinutes !== undefined));
}

/** The section's choice that shows the items in no category, beside the categories' ids. */
export const IN_NO_CATEGORY = "none";

const REFUSED_ITEM = /^menu\.items\[(\d+)\]/;

/** The place in menu.items of the item a field's path is inside, undefined for a path outside menu.items. */
export function itemAt(path: string | null | undefined): number | undefined {
  const at = path ? REFUSED_ITEM.exec(path)?.[1] : undefined;
  return at === undefined ? undefined : Number(at);
}

/** The places in menu.items of the items the service refused a field of. */
export const refusedItems = (errors: ReadonlyMap<string, string>): Set<number> =>
  new Set([...errors.keys()].map((path) => REFUSED_ITEM.exec(path)?.[1]).filter((at) => at !== undefined).map(Number));

/**
 * The place in menu.items of the first refused item, as the error summary lists it, leaving out paths already
 * refused in `before` (a refusal the owner has seen does not move the section again at the next save);
 * undefined for none.
 */
export function firstRefusedItem(errors: ReadonlyMap<string, string>, before: ReadonlyMap<string, string> = new Map()): number | undefined {
  for (const path of errors.keys()) {
    const at = REFUSED_ITEM.exec(path)?.[1];
    if (at !== undefined && !before.has(path)) return Number(at);
  }
  return undefined;
}

/**
 * Where the item at `at` in menu.items is shown: the id of its first category in the site's order, `none`
 * when it is in no category, undefined for no item. The section opens it, so the summary's link finds the
 * refused field on the page.
 */
export function categoryShowing(at: number | undefined, categories: readonly CategoryInput[] = [], items: readonly MenuItemInput[] = []): string | undefined {
  const item = at === undefined ? undefined : items[at];
  if (!item) return undefined;
  const id = recordId(item);
  const holder = categoriesInOrder(categories).find(({ category }) => category.items?.includes(id));
  return holder ? recordId(holder.category) : IN_NO_CATEGORY;
}
