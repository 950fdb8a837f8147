import React, { type CSSProperties, type ReactNode } from "react";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import { mapsSearchUrl } from "@mainstreet/rules/site/maps";
import { FOOTER } from "@mainstreet/rules/business/constants";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";
import HoursDisplay from "../components/hours-display";
import { MapsLinkItem, PhoneAndEmailItems, StreetLines } from "../components/location-contact";
import { Logo } from "../components/logo";
import { OpenStatusBadge } from "../components/open-status-badge";
import { PoweredBy } from "../components/powered-by";
import { SiteLink } from "../components/site-link";
import { SocialLinks } from "../components/social-links";
import { BookingLink } from "../forms/booking-link";
import { SubscribeForm } from "../forms/subscribe-form";

export interface FooterProps {
  business: SiteBusiness;
  navigation: Navigation;
  location?: SiteLocation;
  year: number;
}

export const ACCESSIBILITY_STATEMENT_URL = "https://mainstreet.example/accessibility/";

/** The footer's column widths on wide screens, out of the 16-column grid (SPEC §2: 4, 6, 4, 6). */
export function footerColumns(widths: readonly number[] = FOOTER.columnWidths): string {
  return widths.map((width) => `minmax(0, ${width}fr)`).join(" ");
}

/** A footer column named by its visible heading. */
function FooterColumn({ as: Tag = "section", id, title, children }: { as?: "section" | "nav"; id: string; title: string; children: ReactNode }) {
  return (
    <Tag className="site-footer__col" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      {children}
    </Tag>
  );
}

/**
 * Footer blocks of SPEC §2, in this order on wide screens (widths 4, 6, 4, 6 of 16): logo, brand identity,
 * social buttons and Book Now (after Order online where a location takes online orders); address with a
 * maps link (new tab), phone and email (lower-cased, nothing without one); a sitemap of the regular pages; the hours grouped with an open-now / opening-soon status computed in the browser; the copyright line with
 * the accessibility statement and an optional privacy policy; the 'Powered by' banner.
 */
export default function FooterBody({ business, navigation, location, year }: FooterProps) {
  const maps = location ? mapsSearchUrl({ ...location, name: business.name }) : null;
  const privacy = navigation.all.find((link) => /privacy/i.test(link.label));
  const sitemap = navigation.links.filter((link) => link.kind === "internal");
  const gridStyle = { "--footer-columns": footerColumns() } as CSSProperties;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container" style={gridStyle}>
        <section className="site-footer__col site-footer__col--brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="visually-hidden">
            {business.name}
          </h2>
          <Logo title={business.name} image={business.logo} />
          {business.brandIdentity?.tagline ? <p className="site-footer__tagline">{business.brandIdentity.tagline}</p> : null}
          <SocialLinks links={business.socialMedia} />
          {navigation.order ? (
            <p className="actions site-footer__actions">
              <SiteLink link={navigation.order} />
              <BookingLink className="button button--outline">Book Now</BookingLink>
            </p>
          ) : (
            <BookingLink className="button">Book Now</BookingLink>
          )}
        </section>
        <FooterColumn id="footer-contact" title="Visit us">
          {location ? (
            <address className="site-footer__address">
              {location.name ? (
                <>
                  {location.name}
                  <br />
                </>
              ) : null}
              <StreetLines {...location} />
            </address>
          ) : null}
          <ul className="site-footer__contact">
            {maps ? <MapsLinkItem href={maps} label="Get directions" /> : null}
            <PhoneAndEmailItems phone={location?.phone} phoneHref={location?.phoneHref} email={location?.email} />
          </ul>
        </FooterColumn>
        <FooterColumn as="nav" id="footer-sitemap" title="Explore">
          <ul className="site-footer__sitemap">
            {sitemap.map((link) => (
              <li key={link.id ?? link.label}>
                <SiteLink link={link} />
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-hours" title="Opening hours">
          {location ? (
            <>
              <OpenStatusBadge hours={location.hours} timeZone={location.timezone} schedule={location.openSchedule} specialHours={location.specialHours} locationId={location.locationId} />
              <HoursDisplay hours={location.hours} timeZone={location.timezone} specialHours={location.specialHours} locationId={location.locationId} display="grouped" />
            </>
          ) : null}
        </FooterColumn>
      </div>
      <SubscribeForm className="container" />
      <div className="site-footer__legal container">
        <p>
          © {year} {business.name}. All rights reserved.
        </p>
        <ul>
          <li>
            <a href={ACCESSIBILITY_STATEMENT_URL}>Accessibility statement</a>
          </li>
          {privacy ? (
            <li>
              <SiteLink link={privacy} />
            </li>
          ) : null}
        </ul>
      </div>
      <PoweredBy brand={business.providerBrand} brandCode={business.brandCode} background={business.bannerColor} />
    </footer>
  );
}
