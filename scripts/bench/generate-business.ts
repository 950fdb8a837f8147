/**
 * A large business for the build benchmark: the salon's data with its menu replaced by `itemCount` items
 * (copies of the salon's items, renamed, re-identified and all visible) in categories of `perCategory`. Images are
 * the salon's own files, so the copy needs the salon's images folder beside it. Team members perform the copies of
 * the services they performed. Pure: JSON in, JSON out.
 */

type Json = { [key: string]: unknown };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function withIds(records: unknown, key: "_id" | "id", prefix: string): Json[] {
  return (Array.isArray(records) ? (records as Json[]) : []).map((record, index) => ({ ...clone(record), [key]: `${prefix}-${index + 1}` }));
}

/** Copy number `index + 1` of the templates, taken in turn: its own id, a numbered name, its place in the list. */
function nthCopy(templates: Json[], index: number, kind: "item" | "cat"): { template: Json; id: string; copy: Json } {
  const template = templates[index % templates.length];
  const id = `${kind}-bench-${index + 1}`;
  return { template, id, copy: { ...clone(template), _id: id, name: `${String(template.name)} ${index + 1}`, order: index + 1 } };
}

export function generateMenuBusiness(base: Json, itemCount: number, perCategory = 50): Json {
  if (!Number.isInteger(itemCount) || itemCount < 1) throw new RangeError(`generateMenuBusiness: itemCount: expected a whole number >= 1, got ${itemCount}`);
  if (!Number.isInteger(perCategory) || perCategory < 1) throw new RangeError(`generateMenuBusiness: perCategory: expected a whole number >= 1, got ${perCategory}`);
  const menu = base.menu as { categories?: Json[]; items?: Json[] } | undefined;
  const templates = menu?.items ?? [];
  const categoryTemplates = menu?.categories ?? [];
  if (templates.length === 0 || categoryTemplates.length === 0) {
    throw new Error("generateMenuBusiness: base.menu: expected at least one item and one category to copy, found none");
  }

  const items: Json[] = Array.from({ length: itemCount }, (_, index) => {
    const { template, id, copy } = nthCopy(templates, index, "item");
    return {
      ...copy,
      // Every generated item gets a page, so the build makes one page per item.
      visible: true,
      variations: withIds(template.variations, "_id", `${id}-variation`),
      interactions: withIds(template.interactions, "id", `${id}-interaction`),
    };
  });

  const categoryCount = Math.ceil(itemCount / perCategory);
  const categories: Json[] = Array.from({ length: categoryCount }, (_, index) => {
    const { template, id, copy } = nthCopy(categoryTemplates, index, "cat");
    return {
      ...copy,
      items: items.slice(index * perCategory, (index + 1) * perCategory).map((item) => item._id),
      interactions: withIds(template.interactions, "id", `${id}-interaction`),
    };
  });

  // Team members perform the copies of what they performed, so the generated business stays bookable.
  const copiesOf = new Map<string, string[]>();
  const noteCopy = (template: Json, id: string) => {
    const original = String(template._id ?? template.id ?? "");
    copiesOf.set(original, [...(copiesOf.get(original) ?? []), id]);
  };
  items.forEach((item, index) => noteCopy(templates[index % templates.length], String(item._id)));
  categories.forEach((category, index) => noteCopy(categoryTemplates[index % categoryTemplates.length], String(category._id)));
  const team = (Array.isArray(base.team) ? (base.team as Json[]) : []).map((member) =>
    Array.isArray(member.services) ? { ...clone(member), services: (member.services as unknown[]).flatMap((service) => copiesOf.get(String(service)) ?? []) } : clone(member),
  );

  return { ...clone(base), menu: { ...clone(menu), categories, items }, ...(Array.isArray(base.team) ? { team } : {}) };
}
