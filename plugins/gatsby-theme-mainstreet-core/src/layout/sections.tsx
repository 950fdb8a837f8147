import React from "react";
import { Link } from "gatsby";
import { gridColumns } from "@mainstreet/rules/site/grid";
import { SOLD_OUT_LABEL, isItemSoldOut } from "@mainstreet/rules/orders/sold-out";
import { Picture, type ImageNode } from "../components/page-header";
import { RevealGroup } from "../components/reveal";
import { AddToCartButton } from "../ordering/add-to-cart-button";
import { LikeButton } from "../forms/like-button";
import { hydrateOnDemand } from "../hydration/deferred";
import { useSiteData } from "../hooks/use-site-data";
import type { InteractionData, VariationData } from "../components/item-details";

// The page's building blocks live one file each, so a page loads only the ones it uses; this module keeps
// the items' (cards, grids, prices): a menu's sections are menu-sections.tsx, an item page's details
// item-details.tsx, the header and text blocks page-header.tsx, the cards member-card.tsx and location-card.tsx.

export interface ItemData {
  itemId: string;
  name: string;
  description?: string | null;
  path?: string | null;
  available: boolean;
  visible?: boolean;
  order?: number;
  image?: ImageNode | null;
  variations: VariationData[];
  /** The price as the card and the page write it, worked out at build. */
  priceText: string;
  interactions: InteractionData[];
}

export interface CategoryData {
  categoryId: string;
  name: string;
  description?: string | null;
  path?: string | null;
  items: ItemData[];
}

/** Only visible items, in their own order (SPEC §7 build-time queries). */
export function visibleItems<T extends Pick<ItemData, "visible" | "order">>(items: T[]): T[] {
  return items.filter((item) => item.visible !== false).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** Whether the item has a photo to show; without one it is set as a row of text, never a letter tile. */
function hasPhoto(item: Pick<ItemData, "image">): boolean {
  return Boolean(item.image?.file?.childImageSharp);
}

/** `eager`: the page's lead image (the first card of a listing): loaded at once, ahead of other images. */
export function ItemCard({ item, headingLevel = 3, eager = false }: { item: ItemData; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const photo = hasPhoto(item);
  return (
    <article className={photo ? "item-card" : "item-card item-card--text"}>
      {photo ? <Picture image={item.image} className="item-card__image" eager={eager} /> : null}
      <div className="item-card__body">
        <div className="item-card__head">
          <Heading className="item-card__title">{item.path ? <Link to={item.path}>{item.name}</Link> : item.name}</Heading>
          <p className="item-card__price">{item.priceText}</p>
        </div>
        {item.description ? <p className="item-card__text">{item.description}</p> : null}
        {isItemSoldOut(item) ? <p className="badge">{SOLD_OUT_LABEL}</p> : null}
        <div className="item-card__actions">
          <AddToCartButton item={item} />
          <LikeButton itemId={item.itemId} itemName={item.name} />
        </div>
      </div>
    </article>
  );
}

/** Widest item grid: three columns, so photos stay large enough to sell the item. */
const ITEM_GRID_MAX_COLUMNS = 3;

export interface ItemGridProps {
  id: string;
  items: ItemData[];
  headingLevel?: 2 | 3;
  /** This is the page's first listing: its first photo is the page's largest paint, loaded at once. */
  leadImage?: boolean;
}

/**
 * Items as photo cards in a grid whose rows fill (gridColumns) when every one has a photo; otherwise as a
 * menu list that reads like a printed menu (name, leader, price, the description under them, a small
 * photo beside the items that have one), so a photo-less item is never an empty tile beside a photo.
 */
function ItemCards({ id, items, headingLevel, leadImage = false }: ItemGridProps) {
  const grid = items.length > 0 && items.every(hasPhoto);
  return (
    // Cards carry Add and Like buttons: they are shown as rendered, never slid in under a visitor's tap.
    <RevealGroup
      id={id}
      className={grid ? "card-grid card-grid--items" : "menu-list"}
      columns={grid ? gridColumns(items.length, ITEM_GRID_MAX_COLUMNS) : undefined}
      animate={false}
    >
      {items.map((item, index) => (
        <ItemCard key={item.itemId} item={item} headingLevel={headingLevel} eager={leadImage && index === 0} />
      ))}
    </RevealGroup>
  );
}

/**
 * The cards of a business that takes no orders are links, prices and a Like button: they work as served. The
 * page's hydration leaves them as they are (a services page's dozens of cards would be most of its hydration
 * work), and they hydrate when the visitor points at, touches or tabs into them.
 */
const CardsOnDemand = hydrateOnDemand(ItemCards);

/**
 * A listing's items. A business that takes orders has Add buttons on its cards, whose code must run to show
 * what the merchant sold out since the build: those cards hydrate with the page.
 */
export function ItemGrid(props: ItemGridProps) {
  const { business } = useSiteData();
  return business.ordering?.enabled ? <ItemCards {...props} /> : <CardsOnDemand {...props} />;
}
