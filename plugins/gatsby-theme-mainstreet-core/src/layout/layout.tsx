import React, { useMemo } from "react";
import type { LayoutProps } from "./layouts";
import { AnnouncementBanner } from "./announcement-banner";
import { Header } from "./header";
import { Footer } from "./footer";
import { OpenSchedulesProvider } from "../hooks/open-schedules";
import { SiteFormatsProvider } from "../hooks/site-formats";
import { useSiteData } from "../hooks/use-site-data";
import { useActiveLocation } from "../hooks/use-active-location";
import { usePageLiveHours } from "../hooks/use-live-hours";
import { useRecipeConfig } from "../hooks/use-recipe-config";
import { LiveFactsContext } from "../hooks/live-facts-context";
import { useLiveFacts } from "./use-live-facts";
import { CODE_AT_LOAD_ATTRIBUTE } from "../data/page-start";

const BUILD_YEAR = new Date().getFullYear();

/**
 * The page frame every recipe shares (SPEC §2 Layout): skip link, the announcement bar (a timed element
 * that shows after its delay, in a place held from the server HTML on), the header with the navigation,
 * the page body (the home page opens with the hero), and the footer. Landmarks: complementary
 * (announcement), banner, navigation, main, contentinfo.
 */
/** Where a visitor pays or reads their order: no promotion competes with that (the announcement). */
const FOCUSED_TEMPLATES: ReadonlySet<string> = new Set(["checkout", "order"]);

/**
 * Pages that show nothing right without their code: the cart, the order, the free times, a booking to manage.
 * The page starts its app as soon as it has loaded (data/page-start.ts), not on the visitor's first touch.
 */
const CODE_AT_LOAD_TEMPLATES: ReadonlySet<string> = new Set(["checkout", "order", "appointments", "appointment-manage"]);

export function Layout({ children, path, template, locationId }: LayoutProps) {
  const site = useSiteData();
  const { navigation } = site.business;
  const { recipe } = useRecipeConfig();
  // The visitor's chosen location (kept per site), else the primary one (SPEC §4 active location).
  const [location] = useActiveLocation(site.locations, { siteId: site.business.businessId });
  // On a location's own page the header's call and the footer's address, hours and status are that
  // location's, not another's under its own "Open · until 7:00pm".
  const pageLocation = site.locations.find((candidate) => candidate.locationId === locationId) ?? location;
  // Location cards pass their badges and hours blocks only hours and a zone; they find the schedule here.
  const schedules = useMemo(() => site.locations.map((candidate) => candidate.openSchedule), [site.locations]);
  // What the owner changed since the build (facts read live): the hours lines and the announcement take it over.
  const live = useLiveFacts(site.business.businessId, site.business.dataRevision, site.locations, site.business.locale, site.business.announcement, path);
  return (
    <SiteFormatsProvider locale={site.business.locale} currency={site.business.currency}>
      <OpenSchedulesProvider schedules={schedules}>
       <LiveFactsContext.Provider value={live}>
        <PageLiveHours path={path} />
        {/* No stylesheet reads data-recipe: the e2e checks by it that the build it runs is the recipe under test. */}
        <div className="site" data-recipe={recipe} {...(CODE_AT_LOAD_TEMPLATES.has(template) ? { [CODE_AT_LOAD_ATTRIBUTE]: "" } : {})}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <AnnouncementBanner announcement={site.business.announcement} hidden={FOCUSED_TEMPLATES.has(template)} />
          <Header business={site.business} navigation={navigation} location={pageLocation} path={path} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer business={site.business} navigation={navigation} location={pageLocation} year={BUILD_YEAR} />
        </div>
       </LiveFactsContext.Provider>
      </OpenSchedulesProvider>
    </SiteFormatsProvider>
  );
}

/** Inside the providers it reads: fills the page's open statuses and today's hours (hooks/use-live-hours.ts). */
function PageLiveHours({ path }: { path: string }) {
  usePageLiveHours(path);
  return null;
}
