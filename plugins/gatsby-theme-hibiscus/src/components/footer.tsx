import React from "react";
import type { Navigation } from "../../../../src/lib/navigation";
import { emailHref, telHref, safeHref } from "../../../../src/lib/links";
import { mapsSearchUrl } from "../../../../src/lib/maps";
import { Logo } from "./logo";
import { SiteLink } from "./site-link";
import { HoursTable } from "./hours-table";
import { OpenStatusBadge } from "./open-status-badge";
import { PoweredBy } from "./powered-by";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";

interface FooterProps {
  business: SiteBusiness;
  navigation: Navigation;
  location?: SiteLocation;
  year: number;
}

export const ACCESSIBILITY_STATEMENT_URL = "https://mainstreet.example/accessibility/";

const SOCIAL_LABELS: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "Twitter",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  yelp: "Yelp",
  google: "Google",
  tripadvisor: "Tripadvisor",
};

/** Footer blocks of SPEC §2: brand, sitemap, contact, hours with live status, copyright, banner. */
export function Footer({ business, navigation, location, year }: FooterProps) {
  const email = emailHref(location?.email);
  const phone = telHref(location?.phone);
  const maps = location ? mapsSearchUrl({ name: business.name, ...location }) : null;
  const booking = safeHref(business.bookingUrl);
  const privacy = navigation.all.find((link) => /privacy/i.test(link.label));
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section className="site-footer__col site-footer__col--brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="visually-hidden">
            {business.name}
          </h2>
          <Logo title={business.name} image={business.logo} />
          {business.brandIdentity?.tagline ? <p className="site-footer__tagline">{business.brandIdentity.tagline}</p> : null}
          {business.socialMedia.length > 0 ? (
            <ul className="social" aria-label="Social media">
              {business.socialMedia.map((social) => {
                const href = safeHref(social.link);
                if (!href) return null;
                const label = social.label ?? SOCIAL_LABELS[social.type] ?? social.type;
                return (
                  <li key={href}>
                    <a href={href} target="_blank" rel="noopener noreferrer" className="social__link">
                      {label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {booking ? (
            <a className="button" href={booking} target="_blank" rel="noopener noreferrer">
              Book Now<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </section>
        <nav className="site-footer__col" aria-labelledby="footer-sitemap">
          <h2 id="footer-sitemap" className="site-footer__heading">
            Explore
          </h2>
          <ul className="site-footer__sitemap">
            {navigation.links.map((link) => (
              <li key={link.id ?? link.label}>
                <SiteLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Visit us
          </h2>
          {location ? (
            <address>
              {location.name ? (
                <>
                  {location.name}
                  <br />
                </>
              ) : null}
              {location.street}
              <br />
              {location.city}
              {location.state ? `, ${location.state}` : ""} {location.zip}
            </address>
          ) : null}
          <ul className="site-footer__contact">
            {maps ? (
              <li>
                <a href={maps} target="_blank" rel="noopener noreferrer">
                  Get directions<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {phone && location?.phone ? (
              <li>
                <a href={phone}>{location.phone}</a>
              </li>
            ) : null}
            {email && location?.email ? (
              <li>
                <a href={email}>{location.email.toLowerCase()}</a>
              </li>
            ) : null}
          </ul>
        </section>
        <section className="site-footer__col" aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            Hours
          </h2>
          {location ? (
            <>
              <OpenStatusBadge hours={location.hours} timeZone={location.timezone} />
              <HoursTable hours={location.hours} />
            </>
          ) : null}
        </section>
      </div>
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
