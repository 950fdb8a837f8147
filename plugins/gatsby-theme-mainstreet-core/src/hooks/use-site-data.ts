import type { TimedElementSettings } from "@mainstreet/rules/timed-element-state";
import type { Navigation } from "@mainstreet/rules/navigation";
import type { BookingTarget } from "@mainstreet/rules/booking";
import type { MainstreetImage, QueriedLocation } from "../node/node-shapes";
import { useMainstreetStaticData } from "./use-static-data";

/** Shapes every layout piece reads, from the one static query (use-static-data.ts). */
export type SiteImage = Pick<MainstreetImage, "src" | "alt" | "file">;

export type SiteLocation = Pick<
  QueriedLocation,
  "locationId" | "primaryLocation" | "name" | "path" | "street" | "city" | "state" | "zip" | "country" | "phone" | "email" | "hours" | "specialHours" | "timezone" | "openSchedule"
>;

export interface SiteBusiness {
  businessId: string;
  type: string;
  name: string;
  description?: string | null;
  siteUrl: string;
  bookingUrl?: string | null;
  logo?: SiteImage | null;
  socialMedia: { link: string; type: string; label?: string }[];
  brandIdentity?: { tagline?: string; primaryColor?: string } | null;
  /** The announcement banner's text and timed-element settings, its window resolved to instants at build. */
  announcement?: {
    title?: string | null;
    text: string;
    link?: { url: string; label: string; href: string; internal: boolean } | null;
    settings: TimedElementSettings;
    /** Whether its window was open at build, so every page's HTML holds its place (holdsPlaceAtBuild). */
    holdsPlace?: boolean;
  } | null;
  /** Where Book Now goes, worked out at build (bookingTarget); null: no booking button. */
  bookingTarget?: BookingTarget | null;
  /** Online ordering settings; `enabled` decides whether any ordering code loads at all. */
  ordering?: { enabled?: boolean } | null;
  /** The navigation tree, built at build time (siteNavigation). */
  navigation: Navigation;
  brandCode: string;
  providerBrand: string;
  bannerColor: string;
  recipe: string;
  /** BCP 47 tag prices, dates and times are written in (issue 19). */
  locale: string;
  /** ISO 4217 code of every price. */
  currency: string;
}

export interface SiteData {
  business: SiteBusiness;
  locations: SiteLocation[];
}

export interface SiteDataQuery {
  mainstreetBusiness: SiteBusiness;
  allMainstreetLocation: { nodes: SiteLocation[] };
}

export function useSiteData(): SiteData {
  const data = useMainstreetStaticData();
  return {
    business: data.mainstreetBusiness,
    locations: data.allMainstreetLocation.nodes,
  };
}

export function primaryLocation(locations: SiteLocation[]): SiteLocation | undefined {
  return locations.find((location) => location.primaryLocation) ?? locations[0];
}
