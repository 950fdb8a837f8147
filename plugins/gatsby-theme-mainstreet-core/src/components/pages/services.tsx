import React from "react";
import { type PageProps } from "gatsby";
import { MenuPage } from "./menu-page";
import type { CategoryData } from "../../layout/sections";
import type { PlannedPageContext, WebsitePageData } from "./page-context";

export interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetMenuCategory: { nodes: CategoryData[] };
}

export default function ServicesPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  return <MenuPage title={pageContext.title} page={data.mainstreetPage} categories={data.allMainstreetMenuCategory.nodes} emptyText="Our service list is being updated. Please call us for prices." />;
}
