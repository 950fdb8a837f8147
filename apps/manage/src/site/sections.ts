import type React from "react";
import { AnnouncementSection } from "./announcement-section";
import { DetailsSection } from "./details-section";
import { HistorySection } from "./history-section";
import { HoursSection } from "./hours-section";
import { PagesSection } from "./pages-section";
import type { SiteSectionProps } from "./section-props";

/** A section of the Site screen: its address (`#/site/<id>`), its name in the `Site sections` navigation, and its editor. */
export interface SiteSection {
  id: string;
  label: string;
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
  { id: "pages", label: "Pages", component: PagesSection, owns: (path) => /^pages\b/.test(path) },
  { id: "history", label: "History", component: HistorySection },
];
