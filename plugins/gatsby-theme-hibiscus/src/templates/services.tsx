import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { MenuPage } from "../components/menu-page";
import { SeoHead } from "../components/seo-head";
import type { CategoryData } from "../components/sections";
import type { PlannedPageContext, WebsitePageData } from "./page-context";

interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetMenuCategory: { nodes: CategoryData[] };
}

export default function ServicesTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return <MenuPage title={pageContext.title} page={data.mainstreetPage} categories={data.allMainstreetMenuCategory.nodes} emptyText="Our service list is being updated. Please call us for prices." />;
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetServicesPage($id: String!) {
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
    allMainstreetMenuCategory(sort: { order: ASC }) {
      nodes {
        categoryId
        name
        description
        path
        items {
          ...MainstreetItemCard
        }
      }
    }
  }
`;
