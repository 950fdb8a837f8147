import type React from "react";
import { menuWording } from "@mainstreet/rules/site/menu-wording";
import { AnnouncementSection } from "./announcement-section";
import { DetailsSection } from "./details-section";
import { HistorySection } from "./history-section";
import { HoursSection } from "./hours-section";
import { MenuSection } from "./menu-section";
import { PagesSection } from "./pages-section";
import { PhotoSection } from "./photo-section";
import { PublishSection } from "./publish-section";
import type { SiteSectionProps } from "./section-props";
import type { SiteDocument } from "./site-document";
import { TeamSection } from "./team-section";

/** A section of the Site screen: its address (`#/site/<id>`), its name in the `Site sections` navigation, and its editor. */
export interface SiteSection {
  id: string;
  label: string;
  /** The name when it depends on the business: "Menu" for a restaurant, "Services" for a salon, "Products" for a shop. */
  labelFor?: (document: SiteDocument) => string;
  component: (props: SiteSectionProps) => React.JSX.Element;
  /** True for the document paths whose inputs the section shows: the error summary leads there. */
  owns?: (path: string) => boolean;
}

const LOCATION_CONTACT = /^locations\[\d+\]\.(?:phone|phoneNumber|email)$/;
const LOCATION_HOURS = /^locations\[\d+\]\.(?:hours|specialHours)\b/;
const DETAILS = /^(?:name|description|url|socialMedia|brandIdentity|recipe)\b/;

/** The sections in the order of the navigation. */
export const SITE_SECTIONS: readonly SiteSection[] = [
  { id: "details", label: "Details", component: DetailsSection, owns: (path) => DETAILS.test(path) || LOCATION_CONTACT.test(path) },
  { id: "hours", label: "Hours", component: HoursSection, owns: (path) => LOCATION_HOURS.test(path) },
  { id: "announcement", label: "Announcement", component: AnnouncementSection, owns: (path) => /^announcement\b/.test(path) },
  { id: "menu", label: "Menu", labelFor: (document) => menuWording(document.type).section, component: MenuSection, owns: (path) => /^menu\b/.test(path) },
  { id: "photos", label: "Photos", component: PhotoSection, owns: (path) => /^(?:logo|heroImage|images)\b/.test(path) },
  { id: "team", label: "Team", component: TeamSection, owns: (path) => /^team\b/.test(path) },
  { id: "pages", label: "Pages", component: PagesSection, owns: (path) => /^pages\b/.test(path) },
  { id: "history", label: "History", component: HistorySection },
  { id: "publish", label: "Publish", component: PublishSection },
];

/** The section's name in the navigation for this business. */
export const sectionLabel = (section: SiteSection, document: SiteDocument | null): string => (document && section.labelFor ? section.labelFor(document) : section.label);
