import React from "react";
import { menuWording } from "@mainstreet/rules/site/menu-wording";
import { Link, type PageProps } from "gatsby";
import { ItemGrid, visibleItems, type CategoryData } from "../../layout/sections";
import { TextBlocks } from "../page-header";
import { MemberCard, type MemberData } from "../member-card";
import { LocationCard, type LocationData } from "../../layout/location-card";
import { Hero } from "../hero";
import { Icon } from "../icons";
import { OpenStatusBadge } from "../open-status-badge";
import { RevealGroup } from "../reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import type { PlannedPageNode, QueriedBusiness } from "../../data/node-shapes";
import { BookingLink, useBookingTarget } from "../../forms/booking-link";
import { useSiteData } from "../../hooks/use-site-data";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "description" | "bookingUrl" | "type" | "heroImage" | "brandIdentity">;
  mainstreetPage: WebsitePageData | null;
  allMainstreetMenuCategory: { nodes: CategoryData[] };
  allMainstreetTeamMember: { nodes: MemberData[] };
  allMainstreetLocation: { nodes: LocationData[] };
  allMainstreetPlannedPage: { nodes: Pick<PlannedPageNode, "path" | "template">[] };
}

const FEATURED_CATEGORIES = 2;
const FEATURED_ITEMS = 4;
const FEATURED_MEMBERS = 4;

export default function HomePage({ data }: PageProps<Data, PlannedPageContext>) {
  const business = data.mainstreetBusiness;
  const booking = useBookingTarget();
  const order = useSiteData().business.navigation.order;
  const pathOf = (template: string) => data.allMainstreetPlannedPage.nodes.find((page) => page.template === template)?.path;
  const menuPath = pathOf("services") ?? pathOf("products");
  const teamPath = pathOf("team");
  const featured = data.allMainstreetMenuCategory.nodes
    .map((category) => ({ ...category, items: visibleItems(category.items).slice(0, FEATURED_ITEMS) }))
    .filter((category) => category.items.length > 0)
    .slice(0, FEATURED_CATEGORIES);
  const members = data.allMainstreetTeamMember.nodes.slice(0, FEATURED_MEMBERS);
  const locations = data.allMainstreetLocation.nodes;
  const primary = locations[0];
  const headline = pageText(data.mainstreetPage, "hero")[0];
  const cities = [...new Set(locations.map((location) => location.city))];
  const menuLabel = menuWording(business.type).call;
  return (
    <>
      <Hero
        title={business.name}
        eyebrow={cities.join(" · ")}
        tagline={headline ?? business.brandIdentity?.tagline}
        image={business.heroImage}
        actions={
          <>
            {/* Taking orders online, the hero leads with ordering (site/order-action.ts); booking follows. */}
            {order?.href ? (
              <Link className="button" to={order.href}>
                {order.label}
              </Link>
            ) : null}
            <BookingLink className={order ? "button button--outline" : "button"}>
              {business.type === "restaurant" ? "Book a table" : "Book an appointment"}
            </BookingLink>
            {menuPath && !order ? (
              <Link className={booking ? "button button--outline" : "button"} to={menuPath}>
                {menuLabel}
              </Link>
            ) : null}
          </>
        }
      >
        {primary ? <OpenStatusBadge hours={primary.hours} timeZone={primary.timezone} specialHours={primary.specialHours} locationId={primary.locationId} /> : null}
      </Hero>
      <section className="intro container" aria-label="About us">
        <TextBlocks text={business.description} />
        {pageText(data.mainstreetPage)
          .filter((text) => text !== headline)
          .map((text, index) => (
            <TextBlocks key={index} text={text} />
          ))}
      </section>
      {featured.map((category) => (
        <section key={category.categoryId} className="section container" aria-labelledby={`home-category-${category.categoryId}`}>
          <div className="section__header">
            <div>
              <h2 id={`home-category-${category.categoryId}`}>{category.name}</h2>
              {category.description ? <p>{category.description}</p> : null}
            </div>
            {category.path ? (
              <Link className="section__more" to={category.path}>
                All {category.name.toLowerCase()}
                <Icon name="arrowRight" size={18} />
              </Link>
            ) : null}
          </div>
          <ItemGrid id={`home-category-${category.categoryId}`} items={category.items} />
        </section>
      ))}
      {members.length > 0 ? (
        <section className="section container" aria-labelledby="home-team">
          <div className="section__header">
            <h2 id="home-team">Meet the team</h2>
            {teamPath ? (
              <Link className="section__more" to={teamPath}>
                The whole team
                <Icon name="arrowRight" size={18} />
              </Link>
            ) : null}
          </div>
          <RevealGroup id="home-team" className="card-grid card-grid--people">
            {members.map((member) => (
              <MemberCard key={member.memberId} member={member} />
            ))}
          </RevealGroup>
        </section>
      ) : null}
      <section className="section container" aria-labelledby="home-locations">
        <div className="section__header">
          <h2 id="home-locations">{locations.length > 1 ? "Our locations" : "Visit us"}</h2>
        </div>
        <RevealGroup id="home-locations" className="card-grid card-grid--locations">
          {locations.map((location) => (
            <LocationCard key={location.locationId} location={location} businessName={business.name} headingLevel={3} hoursDisplay="modal" />
          ))}
        </RevealGroup>
      </section>
    </>
  );
}
