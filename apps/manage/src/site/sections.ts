import type React from "react";
import { PublishSection } from "./publish-section";
import type { SiteSectionProps } from "./section-props";

/** A section of the Site screen: its address (`#/site/<id>`), its link's label, and what it shows. */
export interface SiteSection {
  id: string;
  label: string;
  component: (props: SiteSectionProps) => React.JSX.Element;
}

/** The Site screen's sections, in the order of its navigation. */
export const SITE_SECTIONS: readonly SiteSection[] = [{ id: "publish", label: "Publish", component: PublishSection }];
