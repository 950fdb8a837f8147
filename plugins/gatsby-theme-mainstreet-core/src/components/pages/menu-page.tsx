import React from "react";
import { visibleItems, type CategoryData } from "../../layout/sections";
import { CategoryBar, CategorySection } from "../../layout/menu-sections";
import { PageHeader, TextBlocks } from "../page-header";
import { pageText, type WebsitePageData } from "./page-context";

interface MenuPageProps {
  title: string;
  page: WebsitePageData | null;
  categories: CategoryData[];
  emptyText: string;
}

/** Services and products pages: every category with its visible items and prices. */
export function MenuPage({ title, page, categories, emptyText }: MenuPageProps) {
  const shown = categories
    .map((category) => ({ ...category, items: visibleItems(category.items) }))
    .filter((category) => category.items.length > 0);
  return (
    <>
      <PageHeader title={title} lead={page?.seoDescription} />
      <CategoryBar categories={shown} />
      <div className="container prose">
        {pageText(page).map((text, index) => (
          <TextBlocks key={index} text={text} />
        ))}
        {shown.length === 0 ? <p>{emptyText}</p> : null}
      </div>
      {shown.map((category, index) => (
        // The first listing's first photo is the page's largest paint: loaded at once.
        <CategorySection key={category.categoryId} category={category} leadImage={index === 0} />
      ))}
    </>
  );
}
