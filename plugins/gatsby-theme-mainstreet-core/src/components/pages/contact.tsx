import React from "react";
import { type PageProps } from "gatsby";
import { LocationCard, type LocationData } from "../location-card";
import { RevealGroup } from "../reveal";
import type { PlannedPageContext, WebsitePageData } from "./page-context";
import type { QueriedBusiness } from "../../node/node-shapes";
import { WebsitePageBody } from "./website-page-body";
import { ContactForm } from "../../forms/contact-form";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name">;
  mainstreetPage: WebsitePageData | null;
  allMainstreetLocation: { nodes: LocationData[] };
}

export default function ContactPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <WebsitePageBody title={pageContext.title} page={data.mainstreetPage}>
      <RevealGroup id="contact-locations" className="card-grid card-grid--locations">
        {data.allMainstreetLocation.nodes.map((location) => (
          <LocationCard key={location.locationId} location={location} businessName={data.mainstreetBusiness.name} hoursDisplay="dailyWithPopup" showMap />
        ))}
      </RevealGroup>
      <ContactForm />
    </WebsitePageBody>
  );
}
