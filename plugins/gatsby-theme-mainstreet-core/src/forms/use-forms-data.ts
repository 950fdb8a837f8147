import { useMemo } from "react";
import { useMainstreetStaticData } from "../hooks/use-static-data";
import type { QueriedBusiness, QueriedLocation } from "../data/node-shapes";

/** What the forms need from the business data (read from the one static query, use-static-data.ts). */
export type FormsBusiness = Pick<QueriedBusiness, "businessId" | "type" | "name" | "siteUrl" | "recipe" | "bookingUrl">;

/** Special hours are the build's date on: no bookings on a holiday closure. */
export type FormsLocation = Pick<QueriedLocation, "locationId" | "primaryLocation" | "name" | "path" | "street" | "city" | "email" | "contactEmails" | "timezone" | "hours" | "specialHours" | "reservations">;

interface FormsService {
  itemId: string;
  name: string;
}

export interface FormsData {
  business: FormsBusiness;
  locations: FormsLocation[];
  /** The planned reservation page, when the business has one. */
  reservationsPath: string | null;
  team: { memberId: string; name: string }[];
  /** Bookable services grouped by category, in menu order, visible items only. */
  serviceGroups: { name: string; items: FormsService[] }[];
  likeCounts: Record<string, number>;
}

export interface FormsQuery {
  mainstreetBusiness?: FormsBusiness | null;
  allMainstreetLocation?: { nodes: FormsLocation[] } | null;
  allMainstreetPlannedPage?: { nodes: { path: string; template: string }[] } | null;
  allMainstreetTeamMember?: { nodes: { memberId: string; name: string; show?: boolean }[] } | null;
  allMainstreetMenuCategory?: { nodes: { name: string; items: (FormsService & { visible?: boolean })[] }[] } | null;
  allMainstreetMenuItem?: { nodes: { itemId: string; likeCount: number; visible?: boolean }[] } | null;
}

/** Shapes the query result; filters again in code so a partial result (a test double) stays safe. */
function formsDataFromQuery(query: FormsQuery | null | undefined): FormsData | null {
  const business = query?.mainstreetBusiness;
  if (!business) return null;
  const items = query.allMainstreetMenuItem?.nodes ?? [];
  return {
    business,
    locations: query.allMainstreetLocation?.nodes ?? [],
    reservationsPath: query.allMainstreetPlannedPage?.nodes.find((page) => page.template === "reservations")?.path ?? null,
    team: (query.allMainstreetTeamMember?.nodes ?? []).filter((member) => member.show !== false).map(({ memberId, name }) => ({ memberId, name })),
    serviceGroups: (query.allMainstreetMenuCategory?.nodes ?? [])
      .map((category) => ({ name: category.name, items: category.items.filter((item) => item.visible !== false).map(({ itemId, name }) => ({ itemId, name })) }))
      .filter((group) => group.items.length > 0),
    likeCounts: Object.fromEntries(items.filter((item) => item.visible !== false).map((item) => [item.itemId, item.likeCount])),
  };
}

export function useFormsData(): FormsData | null {
  const query = useMainstreetStaticData<FormsQuery>();
  // One object per query result, so parts that receive it (deferred forms) see the same props each render.
  return useMemo(() => formsDataFromQuery(query), [query]);
}

export function locationTitle(location: Pick<FormsLocation, "name" | "city" | "street">): string {
  return location.name ?? `${location.city}, ${location.street}`;
}

/** Where, on one line: `Luma Lakeview, 2150 N Clark St, Chicago`, or `418 Carrow Street, Brooklyn` for a location without a name. */
export function locationAddressLine(location: Pick<FormsLocation, "name" | "city" | "street">): string {
  return [location.name, location.street, location.city].filter((part) => part && part.trim()).join(", ");
}
