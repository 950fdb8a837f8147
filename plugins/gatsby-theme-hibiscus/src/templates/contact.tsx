import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { LocationCard, PageHeader, TextBlocks, type LocationData } from "../components/sections";
import { RevealGroup } from "../components/reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import { ContactForm } from "../forms/contact-form";

interface Data {
  mainstreetBusiness: { name: string };
  mainstreetPage: WebsitePageData | null;
  allMainstreetLocation: { nodes: LocationData[] };
}

export default function ContactTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
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

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetContactPage($id: String!) {
    mainstreetBusiness {
      name
    }
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        ...MainstreetLocationCard
      }
    }
  }
`;
