import React from "react";
import { type PageProps } from "gatsby";
import { InteractionButtons, ItemCard, PageHeader, visibleItems, type CategoryData, type InteractionData } from "../sections";
import { RevealGroup } from "../reveal";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetBusiness: { bookingUrl?: string | null };
  mainstreetMenuCategory: CategoryData & { interactions: InteractionData[] };
}

export default function ServiceCategoryPage({ data }: PageProps<Data, PlannedPageContext>) {
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
