import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, TextBlocks } from "../page-header";
import { LocationCard, type LocationData } from "../../layout/location-card";
import { RevealGroup } from "../reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import type { QueriedBusiness } from "../../data/node-shapes";
import { ContactForm } from "../../forms/contact-form";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name">;
  mainstreetPage: WebsitePageData | null;
  allMainstreetLocation: { nodes: LocationData[] };
}

export default function ContactPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} lead={data.mainstreetPage?.seoDescription} />
      <div className="container">
        <div className="prose">
          {pageText(data.mainstreetPage).map((text, index) => (
            <TextBlocks key={index} text={text} />
          ))}
        </div>
        <RevealGroup id="contact-locations" className="card-grid card-grid--locations">
          {data.allMainstreetLocation.nodes.map((location) => (
            <LocationCard key={location.locationId} location={location} businessName={data.mainstreetBusiness.name} hoursDisplay="dailyWithPopup" showMap />
          ))}
        </RevealGroup>
        <ContactForm />
      </div>
    </>
  );
}
