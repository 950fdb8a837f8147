import React, { type ReactNode } from "react";
import { Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "./responsive-image";
import { formatCents, formatPriceRange } from "@mainstreet/rules/money";
import { emailHref, safeHref } from "@mainstreet/rules/links";
import { mapsSearchUrl } from "@mainstreet/rules/maps";
import type { HoursDisplayOption, HoursInput } from "@mainstreet/rules/hours";
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

export function ItemCard({ item, headingLevel = 3 }: { item: ItemData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="item-card">
      {item.image?.file?.childImageSharp ? (
        <Picture image={item.image} className="item-card__image" />
      ) : (
        <div className="item-card__placeholder" aria-hidden="true">
          {item.name.trim().charAt(0)}
        </div>
      )}
      <div className="item-card__body">
        <Heading className="item-card__title">{item.path ? <Link to={item.path}>{item.name}</Link> : item.name}</Heading>
        <p className="item-card__price">{itemPriceText(item)}</p>
        {item.description ? <p className="item-card__text">{item.description}</p> : null}
        {!item.available ? <p className="badge">Currently unavailable</p> : null}
        <AddToCartButton item={item} />
        <LikeButton itemId={item.itemId} itemName={item.name} />
      </div>
    </article>
  );
}

export function CategorySection({ category, linkHeading = true }: { category: CategoryData; linkHeading?: boolean }) {
  const headingId = `category-${category.categoryId}`;
  return (
    <section className="category container" aria-labelledby={headingId}>
      <h2 id={headingId}>{linkHeading && category.path ? <Link to={category.path}>{category.name}</Link> : category.name}</h2>
      {category.description ? <p className="category__lead">{category.description}</p> : null}
      <RevealGroup id={headingId} className="card-grid">
        {category.items.map((item) => (
          <ItemCard key={item.itemId} item={item} />
        ))}
      </RevealGroup>
    </section>
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
            <td>{variation.priceDisplay ?? formatCents(variation.priceCents)}</td>
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
        <OpenStatusBadge hours={location.hours} timeZone={location.timezone} />
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
        <HoursDisplay hours={location.hours} timeZone={location.timezone} display={hoursDisplay} caption={`Opening hours, ${title}`} title={`Opening hours, ${title}`} />
      </div>
      {showMap ? <MapEmbed place={{ ...location, name: businessName }} className="location-card__map" /> : null}
    </article>
  );
}
