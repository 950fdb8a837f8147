import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/about";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/about.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetAboutPage($id: String!) {
    mainstreetBusiness {
      name
      description
      images {
        alt
        file {
          childImageSharp {
            gatsbyImageData(width: 640, aspectRatio: 1.5, layout: CONSTRAINED)
          }
        }
      }
    }
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
  }
`;
