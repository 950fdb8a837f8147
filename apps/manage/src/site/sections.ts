import type React from "react";
import { menuWording } from "@mainstreet/rules/site/menu-wording";
import { MenuSection } from "./menu-section";
import { PhotoSection } from "./photo-section";
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

/** The sections in the order of the navigation. */
export const SITE_SECTIONS: readonly SiteSection[] = [
  { id: "menu", label: "Menu", labelFor: (document) => menuWording(document.type).section, component: MenuSection, owns: (path) => /^menu\b/.test(path) },
  { id: "photos", label: "Photos", component: PhotoSection, owns: (path) => /^(?:logo|heroImage|images)\b/.test(path) },
  { id: "team", label: "Team", component: TeamSection, owns: (path) => /^team\b/.test(path) },
];
