import type { Business, Interaction } from "./schema";

const enabled = (interactions: readonly Interaction[]) => interactions.filter((interaction) => interaction.enabled);

/**
 * The business as the public site may show it: items with `visible: false`, members with `show: false`
 * and interactions with `enabled: false` removed, and categories no longer naming hidden items.
 *
 * The site applies this before anything enters Gatsby's data layer, because every node is reachable
 * from some query and Gatsby writes query results to public/page-data and static-query JSON: a record
 * that merely is not rendered is still published there, price and all.
 */
export function publishedBusiness(business: Business): Business {
  const items = business.menu.items.filter((item) => item.visible).map((item) => ({ ...item, interactions: enabled(item.interactions) }));
  const shown = new Set(items.map((item) => item.id));
  return {
    ...business,
    menu: {
      ...business.menu,
      items,
      categories: business.menu.categories.map((category) => ({
        ...category,
        itemIds: category.itemIds.filter((id) => shown.has(id)),
        interactions: enabled(category.interactions),
      })),
    },
    team: business.team.filter((member) => member.show),
  };
}
