import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/service-item";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/service-item.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => {
  const item = data.mainstreetMenuItem;
  const image = item.image?.file?.publicURL ?? null;
  return (
    <SeoHead
      title={item.name}
      description={item.description}
      path={location.pathname}
      canonicalPath={pageContext.canonicalPath}
      image={image}
      imageAlt={item.image?.alt}
      jsonLd={[item.offerStructuredData]}
    />
  );
};

export const query = graphql`
  query MainstreetServiceItemPage($itemId: String!, $categoryId: String, $canonicalPath: String!) {
    mainstreetBusiness {
      type
      siteUrl
      ordering
    }
    mainstreetMenuCategory(categoryId: { eq: $categoryId }) {
      name
      path
    }
    mainstreetMenuItem(itemId: { eq: $itemId }) {
      itemId
      name
      description
      path
      available
      variations
      priceText
      interactions
      bookHref
      offerStructuredData(url: $canonicalPath)
      categories {
        name
        path
      }
      image {
        alt
        file {
          publicURL
          childImageSharp {
            gatsbyImageData(width: 720, aspectRatio: 1.333, layout: CONSTRAINED)
          }
        }
      }
    }
  }
`;
