import React, { type ReactNode } from "react";
import { Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "./responsive-image";
import { formatCents, formatPriceRange } from "@mainstreet/rules/money";
import { gridColumns } from "@mainstreet/rules/grid";
import { emailHref, safeHref } from "@mainstreet/rules/links";
import { mapsSearchUrl } from "@mainstreet/rules/maps";
import { SOLD_OUT_LABEL, isItemSoldOut, isVariationSoldOut } from "@mainstreet/rules/sold-out";
import type { HoursDisplayOption, HoursInput, SpecialHoursInput } from "@mainstreet/rules/hours-format";
import { CallPhoneLink } from "./call-phone-link";
import { HoursDisplay } from "./hours-display";
import { Icon } from "./icons";
import { MapEmbed } from "./map-embed";
import { OpenStatusBadge } from "./open-status-badge";
import { RevealGroup } from "./reveal";
import { AddToCartButton } from "../ordering/add-to-cart-button";
import { LikeButton } from "../forms/like-button";

export interface ImageNode {
  alt: string;
  file?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

export interface VariationData {
  id: string;
  name: string;
  priceCents: number;
  order: number;
  priceDisplay?: string;
  /** false: this variation is sold out. */
  available?: boolean;
}

export interface InteractionData {
  id: string;
  label: string;
  behaviorType: string;
  url?: string;
  enabled: boolean;
}

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
  interactions: InteractionData[];
}

export interface CategoryData {
  categoryId: string;
  name: string;
  description?: string | null;
  path?: string | null;
  items: ItemData[];
}

export interface MemberData {
  memberId: string;
  name: string;
  role?: string | null;
  bio?: string | null;
  path?: string | null;
  specialties: string[];
  image?: ImageNode | null;
}

export interface LocationData {
  locationId: string;
  name?: string | null;
  path?: string | null;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone?: string | null;
  email?: string | null;
  hours: HoursInput[];
  timezone: string;
  /** Dated overrides from the build's date on (holiday closures, changed hours). */
  specialHours?: SpecialHoursInput[] | null;
}

export function Picture({ image, className, eager }: { image?: ImageNode | null; className?: string; eager?: boolean }) {
  const data = image?.file?.childImageSharp?.gatsbyImageData;
  if (!data || !image) return null;
  return <ResponsiveImage image={data} alt={image.alt} className={className} eager={eager} />;
}

export function PageHeader({ title, lead, children }: { title: string; lead?: string | null; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

/** Plain text from data, split into paragraphs; never parsed as HTML. */
export function TextBlocks({ text }: { text?: string | null }) {
  if (!text) return null;
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </>
  );
}

export function sortedVariations(variations: VariationData[]): VariationData[] {
  return [...variations].sort((a, b) => a.order - b.order);
}

export function itemPriceText(item: Pick<ItemData, "variations">): string {
  const variations = sortedVariations(item.variations);
  if (variations.length === 1 && variations[0].priceDisplay) return variations[0].priceDisplay;
  return formatPriceRange(variations.map((variation) => variation.priceCents));
}

/** Only visible items, in their own order (SPEC §7 build-time queries). */
export function visibleItems<T extends Pick<ItemData, "visible" | "order">>(items: T[]): T[] {
  return items.filter((item) => item.visible !== false).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** Whether the item has a photo to show; without one it is set as a row of text, never a letter tile. */
export function hasPhoto(item: Pick<ItemData, "image">): boolean {
  return Boolean(item.image?.file?.childImageSharp);
}

export function ItemCard({ item, headingLevel = 3 }: { item: ItemData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const photo = hasPhoto(item);
  return (
    <article className={photo ? "item-card" : "item-card item-card--text"}>
      {photo ? <Picture image={item.image} className="item-card__image" /> : null}
      <div className="item-card__body">
        <div className="item-card__head">
          <Heading className="item-card__title">{item.path ? <Link to={item.path}>{item.name}</Link> : item.name}</Heading>
          <p className="item-card__price">{itemPriceText(item)}</p>
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
export const ITEM_GRID_MAX_COLUMNS = 3;

/**
 * Items as photo cards in a grid whose rows fill (gridColumns) when every one has a photo; otherwise as a
 * menu list that reads like a printed menu (name, leader, price, the description under them, a small
 * photo beside the items that have one), so a photo-less item is never an empty tile beside a photo.
 */
export function ItemGrid({ id, items, headingLevel }: { id: string; items: ItemData[]; headingLevel?: 2 | 3 }) {
  const grid = items.length > 0 && items.every(hasPhoto);
  return (
    // Cards carry Add and Like buttons: they are shown as rendered, never slid in under a visitor's tap.
    <RevealGroup
      id={id}
      className={grid ? "card-grid card-grid--items" : "menu-list"}
      columns={grid ? gridColumns(items.length, ITEM_GRID_MAX_COLUMNS) : undefined}
      animate={false}
    >
      {items.map((item) => (
        <ItemCard key={item.itemId} item={item} headingLevel={headingLevel} />
      ))}
    </RevealGroup>
  );
}

export function CategorySection({ category, linkHeading = true }: { category: CategoryData; linkHeading?: boolean }) {
  const headingId = `category-${category.categoryId}`;
  return (
    <section className="category container" id={`menu-${category.categoryId}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{linkHeading && category.path ? <Link to={category.path}>{category.name}</Link> : category.name}</h2>
      {category.description ? <p className="category__lead">{category.description}</p> : null}
      <ItemGrid id={headingId} items={category.items} />
    </section>
  );
}

/** Jump links to each category of a long menu; recipes decide whether it sticks under the header. */
export function CategoryBar({ categories }: { categories: Pick<CategoryData, "categoryId" | "name">[] }) {
  if (categories.length < 2) return null;
  return (
    <nav className="category-bar" aria-label="Menu sections">
      <ul className="category-bar__list container">
        {categories.map((category) => (
          <li key={category.categoryId}>
            <a className="category-bar__link" href={`#menu-${category.categoryId}`}>
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function VariationList({ variations }: { variations: VariationData[] }) {
  return (
    <table className="price-list">
      <caption className="visually-hidden">Options and prices</caption>
      <tbody>
        {sortedVariations(variations).map((variation) => (
          <tr key={variation.id}>
            <th scope="row">{variation.name || "Standard"}</th>
            <td>
              {variation.priceDisplay ?? formatCents(variation.priceCents)}
              {isVariationSoldOut(variation) ? <span className="badge price-list__sold-out">{SOLD_OUT_LABEL}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InteractionButtons({ interactions, bookingUrl }: { interactions: InteractionData[]; bookingUrl?: string | null }) {
  const buttons = interactions
    .filter((interaction) => interaction.enabled)
    .map((interaction) => ({
      ...interaction,
      href: safeHref(interaction.url ?? (interaction.behaviorType === "BOOKING" ? bookingUrl : undefined)),
    }))
    .filter((interaction) => interaction.href);
  if (buttons.length === 0) return null;
  return (
    <p className="actions">
      {buttons.map((button) => {
        const external = /^https?:/i.test(button.href ?? "");
        return (
          <a
            key={button.id}
            className="button"
            href={button.href ?? undefined}
            data-role={button.behaviorType}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {button.label}
            {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
          </a>
        );
      })}
    </p>
  );
}

export function MemberCard({ member }: { member: MemberData }) {
  return (
    <article className="member-card">
      <Picture image={member.image} className="member-card__image" />
      <h2 className="member-card__name">{member.path ? <Link to={member.path}>{member.name}</Link> : member.name}</h2>
      {member.role ? <p className="member-card__role">{member.role}</p> : null}
    </article>
  );
}

export function LocationCard({
  location,
  businessName,
  headingLevel = 2,
  hoursDisplay = "grouped",
  showMap = false,
}: {
  location: LocationData;
  businessName: string;
  headingLevel?: 2 | 3;
  /** SPEC §2 hours display option for this card. */
  hoursDisplay?: HoursDisplayOption;
  /** The map embed (browser only, needs the maps key). */
  showMap?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const maps = mapsSearchUrl({ ...location, name: businessName });
  const email = emailHref(location.email);
  const title = location.name ?? `${location.city}, ${location.street}`;
  return (
    <article className="location-card">
      <div className="location-card__body">
        <Heading className="location-card__title">{location.path ? <Link to={location.path}>{title}</Link> : title}</Heading>
        <OpenStatusBadge hours={location.hours} timeZone={location.timezone} specialHours={location.specialHours} />
        <address>
          {location.street}
          <br />
          {location.city}
          {location.state ? `, ${location.state}` : ""} {location.zip}
        </address>
        <ul className="location-card__contact">
          {location.phone ? (
            <li>
              <CallPhoneLink phone={location.phone} label={location.phone} className="with-icon" />
            </li>
          ) : null}
          {email && location.email ? (
            <li>
              <a href={email} className="with-icon">
                <Icon name="mail" size={18} />
                {location.email.toLowerCase()}
              </a>
            </li>
          ) : null}
          {maps ? (
            <li>
              <a href={maps} target="_blank" rel="noopener noreferrer" className="with-icon">
                <Icon name="mapPin" size={18} />
                Open in maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
        <HoursDisplay
          hours={location.hours}
          timeZone={location.timezone}
          specialHours={location.specialHours}
          display={hoursDisplay}
          caption={`Opening hours, ${title}`}
          title={`Opening hours, ${title}`}
        />
      </div>
      {showMap ? <MapEmbed place={{ ...location, name: businessName }} className="location-card__map" /> : null}
    </article>
  );
}
