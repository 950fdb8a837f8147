import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/contact";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/contact.tsx, which recipes may shadow. */
export default PageBody;

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
