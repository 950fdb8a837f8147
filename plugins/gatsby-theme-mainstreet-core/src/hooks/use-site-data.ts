import type { MainstreetImage, QueriedBusiness, QueriedLocation } from "../data/node-shapes";
import { useMainstreetStaticData } from "./use-static-data";

/** Shapes every layout piece reads, from the one static query (use-static-data.ts). */
export type SiteImage = Pick<MainstreetImage, "src" | "alt" | "file">;

export type SiteLocation = Pick<QueriedLocation, "locationId" | "primaryLocation" | "name" | "path" | "street" | "city" | "state" | "zip" | "country" | "phone" | "phoneHref" | "email" | "hours" | "specialHours" | "timezone" | "openSchedule">;

export type SiteBusiness = Pick<
  QueriedBusiness,
  | "businessId"
  | "type"
  | "name"
  | "description"
  | "siteUrl"
  | "bookingUrl"
  | "logo"
  | "socialMedia"
  | "brandIdentity"
  | "announcement"
  | "bookingTarget"
  | "ordering"
  | "navigation"
  | "brandCode"
  | "providerBrand"
  | "bannerColor"
  | "recipe"
  | "locale"
  | "currency"
  | "dataRevision"
>;

export interface SiteData {
  business: SiteBusiness;
  locations: SiteLocation[];
}

interface SiteDataQuery {
  mainstreetBusiness: SiteBusiness;
  allMainstreetLocation: { nodes: SiteLocation[] };
}

export function useSiteData(): SiteData {
  const data = useMainstreetStaticData<SiteDataQuery>();
  return {
    business: data.mainstreetBusiness,
    locations: data.allMainstreetLocation.nodes,
  };
}

export function primaryLocation(locations: SiteLocation[]): SiteLocation | undefined {
  return locations.find((location) => location.primaryLocation) ?? locations[0];
}
