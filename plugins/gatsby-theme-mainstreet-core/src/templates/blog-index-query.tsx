import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/blog-index";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/blog-index.tsx, which recipes may shadow. */
export default PageBody;

/** The first page takes the merchant's SEO title; later pages keep their numbered titles, so no two share one. */
export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead
    title={(pageContext.blogPage ?? 1) === 1 ? (data.mainstreetPage?.seoTitle ?? pageContext.title) : pageContext.title}
    description={data.mainstreetPage?.seoDescription}
    path={location.pathname}
    canonicalPath={pageContext.canonicalPath}
  />
);

export const query = graphql`
  query MainstreetBlogIndexPage($id: String!, $skip: Int!, $limit: Int!) {
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    allMainstreetBlogPost(sort: { position: ASC }, skip: $skip, limit: $limit) {
      nodes {
        ...MainstreetBlogPostCard
      }
    }
  }
`;
