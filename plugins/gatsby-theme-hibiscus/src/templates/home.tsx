import React from "react";
import { graphql, Link, type HeadFC, type PageProps } from "gatsby";
import { safeHref } from "../../../../src/lib/links";
import { SeoHead } from "../components/seo-head";
import { CategorySection, LocationCard, MemberCard, Picture, TextBlocks, visibleItems, type CategoryData, type ImageNode, type LocationData, type MemberData } from "../components/sections";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";

interface Data {
  mainstreetBusiness: { name: string; description?: string | null; bookingUrl?: string | null; type: string; heroImage?: ImageNode | null; brandIdentity?: { tagline?: string } | null };
  mainstreetPage: WebsitePageData | null;
  allMainstreetMenuCategory: { nodes: CategoryData[] };
  allMainstreetTeamMember: { nodes: MemberData[] };
  allMainstreetLocation: { nodes: LocationData[] };
  allMainstreetPlannedPage: { nodes: { path: string; template: string }[] };
}

const FEATURED_CATEGORIES = 2;
const FEATURED_ITEMS = 3;
const FEATURED_MEMBERS = 4;

export default function HomeTemplate({ data }: PageProps<Data, PlannedPageContext>) {
  const business = data.mainstreetBusiness;
  const booking = safeHref(business.bookingUrl);
  const pathOf = (template: string) => data.allMainstreetPlannedPage.nodes.find((page) => page.template === template)?.path;
  const menuPath = pathOf("services") ?? pathOf("products");
  const featured = data.allMainstreetMenuCategory.nodes
    .map((category) => ({ ...category, items: visibleItems(category.items).slice(0, FEATURED_ITEMS) }))
    .filter((category) => category.items.length > 0)
    .slice(0, FEATURED_CATEGORIES);
  const members = data.allMainstreetTeamMember.nodes.slice(0, FEATURED_MEMBERS);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture image={business.heroImage} className="hero__image" eager />
        <div className="hero__content container">
          <h1 id="hero-title">{business.name}</h1>
          {business.brandIdentity?.tagline ? <p className="hero__tagline">{business.brandIdentity.tagline}</p> : null}
          <p className="actions">
            {booking ? (
              <a className="button button--light" href={booking} target="_blank" rel="noopener noreferrer">
                Book an appointment<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            {menuPath ? (
              <Link className="button button--ghost" to={menuPath}>
                {business.type === "generic" ? "See our services" : "See the menu"}
              </Link>
            ) : null}
          </p>
        </div>
      </section>
      <section className="intro container prose" aria-label="About us">
        <TextBlocks text={business.description} />
        {pageText(data.mainstreetPage).map((text, index) => (
          <TextBlocks key={index} text={text} />
        ))}
      </section>
      {featured.map((category) => (
        <CategorySection key={category.categoryId} category={category} />
      ))}
      {members.length > 0 ? (
        <section className="container" aria-labelledby="home-team">
          <h2 id="home-team">Meet the team</h2>
          <div className="card-grid card-grid--people">
            {members.map((member) => (
              <MemberCard key={member.memberId} member={member} />
            ))}
          </div>
        </section>
      ) : null}
      <section className="container" aria-labelledby="home-locations">
        <h2 id="home-locations">{data.allMainstreetLocation.nodes.length > 1 ? "Our locations" : "Visit us"}</h2>
        <div className="card-grid">
          {data.allMainstreetLocation.nodes.map((location) => (
            <LocationCard key={location.locationId} location={location} businessName={business.name} headingLevel={3} />
          ))}
        </div>
      </section>
    </>
  );
}

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? data.mainstreetBusiness.name} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetHomePage($id: String!) {
    mainstreetBusiness {
      name
      description
      bookingUrl
      type
      brandIdentity
      heroImage {
        alt
        file {
          childImageSharp {
            gatsbyImageData(layout: FULL_WIDTH, breakpoints: [480, 768, 1280, 1920], quality: 65)
          }
        }
      }
    }
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
    allMainstreetMenuCategory(sort: { order: ASC }) {
      nodes {
        categoryId
        name
        description
        path
        items {
          ...MainstreetItemCard
        }
      }
    }
    allMainstreetTeamMember(filter: { show: { eq: true } }, sort: { order: ASC }) {
      nodes {
        ...MainstreetMemberCard
      }
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        ...MainstreetLocationCard
      }
    }
    allMainstreetPlannedPage {
      nodes {
        path
        template
      }
    }
  }
`;
