import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { InteractionButtons, ItemCard, PageHeader, visibleItems, type CategoryData, type InteractionData } from "../components/sections";
import { RevealGroup } from "../components/reveal";
import type { PlannedPageContext } from "./page-context";

interface Data {
  mainstreetBusiness: { bookingUrl?: string | null };
  mainstreetMenuCategory: CategoryData & { interactions: InteractionData[] };
}

export default function ServiceCategoryTemplate({ data }: PageProps<Data, PlannedPageContext>) {
  const category = data.mainstreetMenuCategory;
  return (
    <>
      <PageHeader title={category.name} lead={category.description}>
        <InteractionButtons interactions={category.interactions} bookingUrl={data.mainstreetBusiness.bookingUrl} />
      </PageHeader>
      <div className="container">
        <RevealGroup id="category-items" className="card-grid">
          {visibleItems(category.items).map((item) => (
            <ItemCard key={item.itemId} item={item} headingLevel={2} />
          ))}
        </RevealGroup>
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetMenuCategory.name} description={data.mainstreetMenuCategory.description} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetServiceCategoryPage($categoryId: String!) {
    mainstreetBusiness {
      bookingUrl
    }
    mainstreetMenuCategory(categoryId: { eq: $categoryId }) {
      categoryId
      name
      description
      path
      interactions
      items {
        ...MainstreetItemCard
      }
    }
  }
`;
