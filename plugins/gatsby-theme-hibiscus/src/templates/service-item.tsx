import React from "react";
import { graphql, Link, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { InteractionButtons, PageHeader, Picture, VariationList, itemPriceText, type ItemData } from "../components/sections";
import type { PlannedPageContext } from "./page-context";
import { AddToCartButton } from "../ordering/add-to-cart-button";
import { LikeButton } from "../forms/like-button";
import { offerJsonLd } from "../../../../src/lib/structured-data";

interface Data {
  mainstreetBusiness: { bookingUrl?: string | null; type: string; siteUrl: string; ordering: { currency: string } };
  mainstreetMenuItem: ItemData & { categories: { name: string; path?: string | null }[]; image?: (ItemData["image"] & { file?: { publicURL?: string | null } | null }) | null };
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
          <AddToCartButton item={item} />
          <LikeButton itemId={item.itemId} itemName={item.name} />
          <InteractionButtons interactions={item.interactions} bookingUrl={data.mainstreetBusiness.bookingUrl} />
        </div>
      </div>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => {
  const item = data.mainstreetMenuItem;
  const image = item.image?.file?.publicURL ?? null;
  const offer = offerJsonLd(
    { name: item.name, description: item.description, image: image ? { publicURL: image } : null, available: item.available, variations: item.variations },
    { siteUrl: data.mainstreetBusiness.siteUrl, url: pageContext.canonicalPath, businessType: data.mainstreetBusiness.type, currency: data.mainstreetBusiness.ordering.currency, imageUrl: (record) => record.publicURL },
  );
  return (
    <SeoHead
      title={item.name}
      description={item.description}
      path={location.pathname}
      canonicalPath={pageContext.canonicalPath}
      image={image}
      imageAlt={item.image?.alt}
      jsonLd={[offer]}
    />
  );
};

export const query = graphql`
  query MainstreetServiceItemPage($itemId: String!, $categoryId: String) {
    mainstreetBusiness {
      bookingUrl
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
      interactions
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
