import React from "react";
import { type PageProps } from "gatsby";
import { ItemGrid, visibleItems, type CategoryData } from "../../layout/sections";
import { InteractionButtons, type InteractionData } from "../item-details";
import { PageHeader } from "../page-header";
import type { PlannedPageContext } from "./page-context";

export interface Data {
  mainstreetMenuCategory: CategoryData & { interactions: InteractionData[] };
}

export default function ServiceCategoryPage({ data }: PageProps<Data, PlannedPageContext>) {
  const category = data.mainstreetMenuCategory;
  return (
    <>
      <PageHeader title={category.name} lead={category.description}>
        <InteractionButtons interactions={category.interactions} />
      </PageHeader>
      <div className="container">
        <ItemGrid id="category-items" items={visibleItems(category.items)} headingLevel={2} leadImage />
      </div>
    </>
  );
}
