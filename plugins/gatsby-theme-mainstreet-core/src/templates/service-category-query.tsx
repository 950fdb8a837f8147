import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/service-category";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/service-category.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetMenuCategory.name} description={data.mainstreetMenuCategory.description} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetServiceCategoryPage($categoryId: String!) {
    mainstreetMenuCategory(categoryId: { eq: $categoryId }) {
      ...MainstreetCategorySection
      interactions
    }
  }
`;
