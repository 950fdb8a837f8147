import React from "react";
import { Link, type PageProps } from "gatsby";
import type { ItemData } from "../../layout/sections";
import { InteractionButtons, VariationList } from "../item-details";
import { PageHeader, Picture } from "../page-header";
import type { PlannedPageContext } from "./page-context";
import type { MainstreetImage, MenuCategoryNode, Queried, QueriedBusiness } from "../../data/node-shapes";
import { AddToCartButton } from "../../ordering/add-to-cart-button";
import { LikeButton } from "../../forms/like-button";
import { SOLD_OUT_LABEL, isItemSoldOut } from "@mainstreet/rules/orders/sold-out";
import { ApprovedReviews } from "../../reviews/approved-reviews";
import { primaryLocation, useSiteData } from "../../hooks/use-site-data";

type CategoryLink = Pick<Queried<MenuCategoryNode>, "name" | "path">;

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "type" | "siteUrl"> & { ordering: Pick<QueriedBusiness["ordering"], "currency"> };
  mainstreetMenuItem: ItemData & {
    /** Its MenuItem or Service JSON-LD, written at build time, for the page's head. */
    offerStructuredData: string;
    /** The booking flow with this service chosen, worked out at build; null where it cannot be booked here. */
    bookHref: string | null;
    categories: CategoryLink[];
    image?: Pick<MainstreetImage, "alt" | "file"> | null;
  };
  mainstreetMenuCategory: CategoryLink | null;
}

export default function ServiceItemPage({ data }: PageProps<Data, PlannedPageContext>) {
  const item = data.mainstreetMenuItem;
  const category = data.mainstreetMenuCategory;
  const { locations } = useSiteData();
  // Review dates are written on the business's clock: its primary location's.
  const zone = primaryLocation(locations)?.timezone ?? "UTC";
  return (
    <>
      <PageHeader title={item.name} lead={item.priceText}>
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
          {isItemSoldOut(item) ? <p className="badge">{SOLD_OUT_LABEL}</p> : null}
          <h2>Options and prices</h2>
          <VariationList variations={item.variations} />
          <AddToCartButton item={item} />
          <LikeButton itemId={item.itemId} itemName={item.name} />
          <InteractionButtons interactions={item.interactions} />
          {item.bookHref ? (
            <p className="actions">
              <Link to={item.bookHref} className="button" data-role="BOOKING">
                Book this
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      <ApprovedReviews subject={{ itemId: item.itemId }} timeZone={zone} itemJsonLd={item.offerStructuredData} />
    </>
  );
}
