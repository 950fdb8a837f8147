import React from "react";
import { graphql, Link, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { InteractionButtons, PageHeader, Picture, VariationList, itemPriceText, type ItemData } from "../components/sections";
import type { PlannedPageContext } from "./page-context";

interface Data {
  mainstreetBusiness: { bookingUrl?: string | null };
  mainstreetMenuItem: ItemData & { categories: { name: string; path?: string | null }[] };
  mainstreetMenuCategory: { name: string; path?: string | null } | null;
}

export default function ServiceItemTemplate({ data }: PageProps<Data, PlannedPageContext>) {
  const item = data.mainstreetMenuItem;
  const category = data.mainstreetMenuCategory;
  return (
    <>
      <PageHeader title={item.name} lead={itemPriceText(item)}>
        {category?.path ? (
          <p className="breadcrumb">
            <Link to={category.path}>{category.name}</Link>
          </p>
        ) : null}
      </PageHeader>
      <div className="container item-detail">
        <Picture image={item.image} className="item-detail__image" eager />
        <div className="item-detail__body prose">
          {item.description ? <p>{item.description}</p> : null}
          {!item.available ? <p className="badge">Currently unavailable</p> : null}
          <h2>Options and prices</h2>
          <VariationList variations={item.variations} />
          <InteractionButtons interactions={item.interactions} bookingUrl={data.mainstreetBusiness.bookingUrl} />
        </div>
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetMenuItem.name} description={data.mainstreetMenuItem.description} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetServiceItemPage($itemId: String!, $categoryId: String) {
    mainstreetBusiness {
      bookingUrl
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
      interactions
      categories {
        name
        path
      }
      image {
        alt
        file {
          childImageSharp {
            gatsbyImageData(width: 720, aspectRatio: 1.333, layout: CONSTRAINED)
          }
        }
      }
    }
  }
`;
