/**
 * A large restaurant for the publish benchmark, made from the restaurant sample: `categories` × `perCategory`
 * items with one to three variations each, the sample's modifier sets on many of them, the sample's dish photos
 * reused on every tenth item, and the sample's locations plus copies up to `locations` (each with its own hours).
 * Deterministic: the same options give the same document, so cold and warm builds compare like with like. Pure:
 * JSON in, JSON out; images stay the sample's files, so the document needs the sample's images folder beside it.
 */

type Json = { [key: string]: unknown };

export interface LargeBusinessOptions {
  categories: number;
  perCategory: number;
  locations: number;
}

const LARGE_BUSINESS: LargeBusinessOptions = { categories: 40, perCategory: 50, locations: 3 };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const SIZES = [[""], ["Half portion", "Full portion"], ["Small", "Regular", "Large"]] as const;

/** Dollars and cents from whole cents, as the data file writes a price ("12.50"). */
const price = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function wholeAtLeast(value: number, min: number, name: string): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`generateLargeBusiness: ${name}: expected a whole number >= ${min}, got ${value}`);
}

function item(templates: Json[], photos: Json[], setIds: string[], category: number, position: number, index: number): Json {
  const template = templates[index % templates.length];
  const id = `item-large-${category + 1}-${position + 1}`;
  const sizes = SIZES[index % SIZES.length];
  const base = 600 + ((index * 137) % 2400);
  const variations = sizes.map((name, size) => ({ id: `${id}-var-${size + 1}`, name, price: price(base + size * 450), order: size + 1 }));
  // Most items take a modifier set or two, as a real menu's mains do; drinks and sides often none.
  const sets = index % 4 === 3 ? [] : [setIds[index % setIds.length], ...(index % 5 === 0 ? [setIds[(index + 1) % setIds.length]] : [])];
  const photo = index % 10 === 0 && photos.length > 0 ? { image: clone(photos[(index / 10) % photos.length]) } : {};
  return {
    id,
    name: `${String(template.name)} ${category + 1}.${position + 1}`,
    description: String(template.description ?? `House ${String(template.name).toLowerCase()}.`),
    ...photo,
    variations,
    ...(sets.length > 0 ? { modifierSets: [...new Set(sets)] } : {}),
    order: position + 1,
  };
}

/** The sample's locations, then copies of them (new id, name and street, hours shifted by an hour) up to `count`. */
function locations(base: Json[], count: number): Json[] {
  return Array.from({ length: count }, (_, index) => {
    const template = clone(base[index % base.length]);
    if (index < base.length) return template;
    const copy: Json = { ...template, primaryLocation: false, name: `${String(template.name)} ${index + 1}`, street: `${100 + index} Market Street` };
    delete copy.id;
    delete copy._id;
    const hours = (template.hours as { day: number; open: number | null; close: number | null }[]) ?? [];
    return {
      id: `loc-large-${index + 1}`,
      ...copy,
      hours: hours.map((entry) => (entry.open === null || entry.open >= 2200 ? entry : { ...entry, open: entry.open + 100 })),
    };
  });
}

export function generateLargeBusiness(base: Json, options: LargeBusinessOptions = LARGE_BUSINESS): Json {
  wholeAtLeast(options.categories, 1, "categories");
  wholeAtLeast(options.perCategory, 1, "perCategory");
  wholeAtLeast(options.locations, 1, "locations");
  const menu = base.menu as { categories?: Json[]; items?: Json[]; modifierSets?: Json[] } | undefined;
  const templates = menu?.items ?? [];
  const categoryTemplates = menu?.categories ?? [];
  const setIds = (menu?.modifierSets ?? []).map((set) => String(set.id ?? set._id));
  if (templates.length === 0 || categoryTemplates.length === 0 || setIds.length === 0) {
    throw new Error("generateLargeBusiness: base.menu: expected items, categories and modifier sets to copy, found none of one of them");
  }
  const photos = templates.flatMap((template) => (template.image ? [template.image as Json] : []));
  const items: Json[] = [];
  const categories: Json[] = Array.from({ length: options.categories }, (_, category) => {
    const template = categoryTemplates[category % categoryTemplates.length];
    const own = Array.from({ length: options.perCategory }, (_, position) => item(templates, photos, setIds, category, position, category * options.perCategory + position));
    items.push(...own);
    return {
      id: `cat-large-${category + 1}`,
      name: `${String(template.name)} ${category + 1}`,
      ...(template.description ? { description: template.description } : {}),
      order: category + 1,
      ...(template.schedule ? { schedule: clone(template.schedule) } : {}),
      items: own.map((entry) => entry.id),
    };
  });
  const baseLocations = Array.isArray(base.locations) ? (base.locations as Json[]) : [];
  return { ...clone(base), locations: locations(baseLocations, options.locations), menu: { ...clone(menu), categories, items } };
}
