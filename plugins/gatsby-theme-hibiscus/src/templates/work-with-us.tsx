import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { emailHref } from "../../../../src/lib/links";
import { SeoHead } from "../components/seo-head";
import { PageHeader, TextBlocks } from "../components/sections";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import { ApplicationForm } from "../forms/application-form";

interface Data {
  mainstreetBusiness: { name: string };
  mainstreetPage: WebsitePageData | null;
  allMainstreetLocation: { nodes: { email?: string | null; contactEmails: string[] }[] };
}

export default function WorkWithUsTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const location = data.allMainstreetLocation.nodes[0];
  const address = location?.contactEmails[0] ?? location?.email ?? null;
  const mail = emailHref(address);
  return (
    <>
      <PageHeader title={pageContext.title} lead={data.mainstreetPage?.seoDescription} />
      <div className="container prose">
        {pageText(data.mainstreetPage).map((text, index) => (
          <TextBlocks key={index} text={text} />
        ))}
        {mail && address ? (
          <p>
            To apply, send a short note about yourself to <a href={mail}>{address.toLowerCase()}</a>.
          </p>
        ) : null}
        <ApplicationForm />
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetWorkWithUsPage($id: String!) {
    mainstreetBusiness {
      name
    }
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
    allMainstreetLocation(sort: [{ primaryLocation: DESC }, { order: ASC }]) {
      nodes {
        email
        contactEmails
      }
    }
  }
`;
