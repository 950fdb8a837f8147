/** Service (or product) categories and their items, under /services/. */
import { ROOT_SLUGS, uniqueSlugs } from "../slugs";
import { byOrder, isGeneratedPathServed, parentOf, pathUnder, quote, refusedSlug, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PlanInput } from "./types";

type Category = PlanInput["menu"]["categories"][number];
type Item = PlanInput["menu"]["items"][number];

interface CategoryPlace {
  category: Category;
  /** Position among the categories, in order. */
  position: number;
  path: string;
  parent: ReturnType<typeof parentOf>;
}

/** The visible items of one served category, each under the category's path. */
function planItems(plan: PlanBuilder, { category, position, path: categoryPath, parent }: CategoryPlace, itemsById: Map<string, { item: Item; index: number }>, canonicalItemPath: Map<string, string>): void {
  const root = ROOT_SLUGS.services;
  // Slugs are numbered over the category's whole list so hiding one item never renames another's page.
  const members = category.itemIds.map((id) => itemsById.get(id)).filter((entry) => entry !== undefined);
  const itemSlugs = uniqueSlugs(members.map(({ item }) => item.name));
  members.forEach(({ item, index: itemIndex }, itemPosition) => {
    if (!item.visible) return;
    const owner = `menu.items[${itemIndex}] ${quote(item.name)} (id ${item.id}) in ${quote(category.name)}`;
    const itemSlug = itemSlugs[itemPosition];
    if (itemSlug === "") {
      plan.warn(`${owner}: its name gives an empty slug, so its page would be ${categoryPath}; no page created`);
      return;
    }
    const path = `${categoryPath}${itemSlug}/`;
    // An item in several categories has a page in each; search engines are pointed at the first.
    const canonicalPath = canonicalItemPath.get(item.id) ?? path;
    canonicalItemPath.set(item.id, canonicalPath);
    plan.addGenerated(
      {
        path,
        template: "service-item",
        context: {
          id: item.id,
          title: item.name,
          navigationOrder: itemPosition,
          navigationGroup: category.name,
          navigationGroupOrder: position,
          ...parent,
          canonicalPath,
          categoryId: category.id,
          itemId: item.id,
        },
      },
      owner,
      root,
      refusedSlug(itemSlug),
    );
  });
}

export function planServicePages(plan: PlanBuilder, business: PlanInput): void {
  const root = ROOT_SLUGS.services;
  const parent = parentOf(business, "services", "products");
  const categories = byOrder(business.menu.categories);
  const categorySlugs = uniqueSlugs(categories.map(({ record }) => record.name));
  const itemsById = new Map(business.menu.items.map((item, index) => [item.id, { item, index }]));
  const canonicalItemPath = new Map<string, string>();

  categories.forEach(({ record: category, index }, position) => {
    const owner = `menu.categories[${index}] ${quote(category.name)} (id ${category.id})`;
    const slug = categorySlugs[position];
    const path = pathUnder(root, slug);
    plan.addGenerated(
      {
        path,
        template: "service-category",
        context: {
          id: category.id,
          title: category.name,
          navigationOrder: position,
          navigationGroup: category.schedule?.name,
          navigationGroupOrder: category.schedule?.order ?? DEFAULT_NAVIGATION_ORDER,
          ...parent,
          canonicalPath: path,
          categoryId: category.id,
        },
      },
      owner,
      root,
      refusedSlug(slug),
    );
    if (!isGeneratedPathServed(path, root)) {
      const visibleCount = category.itemIds.filter((id) => itemsById.get(id)?.item.visible).length;
      if (visibleCount > 0) plan.warn(`${owner}: ${visibleCount} visible item(s) in it get no page under it`);
      return;
    }
    planItems(plan, { category, position, path, parent }, itemsById, canonicalItemPath);
  });

  business.menu.items.forEach((item, index) => {
    if (item.visible && !canonicalItemPath.has(item.id) && !business.menu.categories.some((category) => category.itemIds.includes(item.id))) {
      plan.warn(`menu.items[${index}] ${quote(item.name)} (id ${item.id}): it is in no category, so it gets no page`);
    }
  });
}
