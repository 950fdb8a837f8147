/** A page per location under /locations/, and the reservation page; both hang under the contact page. */
import { hasReservationPage, RESERVATIONS_SLUG, reservationPageTitle } from "../../booking/booking";
import { locationSlugSource, ROOT_SLUGS, uniqueSlugs } from "../slugs";
import { parentOf, pathFromSlug, pathUnder, quote, refusedSlug, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PlanInput } from "./types";

export function planLocationPages(plan: PlanBuilder, business: PlanInput): void {
  const root = ROOT_SLUGS.locations;
  const parent = parentOf(business, "contact");
  const sources = business.locations.map((location) => locationSlugSource(location, business.locations));
  const slugs = uniqueSlugs(sources);
  business.locations.forEach((location, index) => {
    const slug = slugs[index];
    const path = pathUnder(root, slug);
    const title = location.name || (sources[index] === location.city ? location.city : `${location.city}, ${location.street}`);
    plan.addGenerated(
      {
        path,
        template: "location",
        context: {
          id: location.id,
          title,
          navigationOrder: index,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          ...parent,
          canonicalPath: path,
          locationId: location.id,
        },
      },
      `locations[${index}] ${quote(title)} (id ${location.id})`,
      root,
      refusedSlug(slug, location.name ? "name" : "city"),
    );
  });
}

/** The site's own reservation page, for a business that takes reservations at one of its locations. */
export function planReservationPage(plan: PlanBuilder, business: PlanInput): void {
  if (!hasReservationPage({ type: business.type ?? "", bookingUrl: business.bookingUrl, locations: business.locations })) return;
  const path = pathFromSlug(RESERVATIONS_SLUG);
  plan.add(
    {
      path,
      template: "reservations",
      context: {
        id: "reservations",
        title: reservationPageTitle(business.type ?? ""),
        navigationOrder: business.locations.length,
        navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
        ...parentOf(business, "contact"),
        canonicalPath: path,
      },
    },
    "the reservation page",
  );
}
