import React from "react";
import { act, render, screen, within } from "@testing-library/react";
import { buildNavigation } from "@mainstreet/rules/site/navigation";
import { FOOTER } from "@mainstreet/rules/business/constants";
import { Footer } from "../layout/footer";
import { ACCESSIBILITY_STATEMENT_URL, footerColumns } from "../layout/footer-body";
import { PoweredBy } from "../components/powered-by";
import { OpenStatusBadge } from "../components/open-status-badge";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";
import { pinDate } from "./dom-helpers";
import { renderToStaticHtml } from "./server-render";
import { FIXTURE_BUILD_TIME, sampleSite, answerStaticQueries } from "./fixtures";

const salon = sampleSite("salon");
const business = salon.site.business as SiteBusiness;
const primary = salon.site.locations.find((location) => location.primaryLocation) as SiteLocation;
const navigationOf = (pages = salon.websitePages) => buildNavigation(pages.map((page) => ({ ...page, _id: page.pageId })), [], { siteUrl: business.siteUrl });

function renderFooter(overrides: { business?: Partial<SiteBusiness>; location?: Partial<SiteLocation> | null; pages?: typeof salon.websitePages } = {}) {
  const location = overrides.location === null ? undefined : ({ ...primary, ...overrides.location } as SiteLocation);
  return render(<Footer business={{ ...business, ...overrides.business }} navigation={navigationOf(overrides.pages)} location={location} year={2026} />);
}

const footer = () => screen.getByRole("contentinfo");

beforeEach(() => answerStaticQueries(salon));

describe("Footer blocks (SPEC §2)", () => {
  beforeEach(() => pinDate(FIXTURE_BUILD_TIME));
  afterEach(() => jest.useRealTimers());

  it("brand block: logo linking home, brand identity, social buttons opening new tabs, Book Now", () => {
    renderFooter();
    expect(within(footer()).getByRole("link", { name: `${business.name}, home` })).toHaveAttribute("href", "/");
    expect(within(footer()).getByText(business.brandIdentity!.tagline!)).toBeInTheDocument();
    const social = within(footer()).getByRole("list", { name: "Social media" });
    const links = within(social).getAllByRole("link");
    expect(links).toHaveLength(business.socialMedia.length);
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual(["Instagram (opens in a new tab)", "Facebook (opens in a new tab)", "TikTok (opens in a new tab)", "Yelp (opens in a new tab)"]);
    links.forEach((link) => expect(link).toHaveAttribute("target", "_blank"));
    // The salon takes appointments on the site: Book Now opens its own booking page.
    expect(within(footer()).getByRole("link", { name: /Book Now/ })).toHaveAttribute("href", "/book/");
  });

  it("sitemap lists the regular pages only: no button links, no external links", () => {
    renderFooter();
    const sitemap = within(footer()).getByRole("navigation", { name: "Explore" });
    expect(within(sitemap).getAllByRole("link").map((link) => link.textContent)).toEqual(["Home", "Services", "Our Team", "About", "Careers", "Journal", "Contact"]);
  });

  it("contact block: address, a maps link in a new tab, phone and the email lower-cased", () => {
    renderFooter({ location: { email: "Carrow@LumaHair.Example" } });
    const contact = within(footer()).getByRole("region", { name: "Visit us" });
    expect(within(contact).getByText(primary.street, { exact: false })).toBeInTheDocument();
    const maps = within(contact).getByRole("link", { name: /Get directions/ });
    expect(maps).toHaveAttribute("target", "_blank");
    expect(maps.getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(within(contact).getByRole("link", { name: primary.phone! })).toHaveAttribute("href", "tel:+17185550142");
    expect(within(contact).getByRole("link", { name: "carrow@lumahair.example" })).toHaveAttribute("href", "mailto:carrow@lumahair.example");
  });

  it("renders no email link without an email", () => {
    renderFooter({ location: { email: null } });
    expect(within(footer()).queryByRole("link", { name: /@/ })).toBeNull();
  });

  it("copyright line with the accessibility statement; the privacy policy only when a page exists", () => {
    const view = renderFooter();
    expect(within(footer()).getByText(`© 2026 ${business.name}. All rights reserved.`)).toBeInTheDocument();
    expect(within(footer()).getByRole("link", { name: "Accessibility statement" })).toHaveAttribute("href", ACCESSIBILITY_STATEMENT_URL);
    expect(within(footer()).queryByRole("link", { name: "Privacy Policy" })).toBeNull();
    view.unmount();
    renderFooter({
      pages: [...salon.websitePages, { ...salon.websitePages[0], pageId: "page-privacy", title: "Privacy Policy", pageType: "External", url: "https://lumahair.example/privacy", slug: "", navigationPriority: 20 }],
    });
    expect(within(footer()).getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "https://lumahair.example/privacy");
  });

  it(`lays the columns out ${FOOTER.columnWidths.join(", ")} of ${FOOTER.gridColumns} wide`, () => {
    renderFooter();
    expect(footerColumns()).toBe("minmax(0, 4fr) minmax(0, 6fr) minmax(0, 4fr) minmax(0, 6fr)");
    expect((footer().querySelector(".site-footer__grid") as HTMLElement).style.getPropertyValue("--footer-columns")).toBe(footerColumns());
  });

  describe("hours with a live status", () => {
    afterEach(() => jest.useRealTimers());

    it("shows the grouped hours, and no status in the server HTML", () => {
      const html = renderToStaticHtml(<Footer business={business} navigation={navigationOf()} location={primary} year={2026} />);
      expect(html).toContain("Tue – Wed");
      // Only the status line's held place (unseen, unread): no status is baked in at build.
      expect(html).toContain('<p class="open-status open-status--pending" aria-hidden="true" data-open-status=""');
      expect(html).not.toMatch(/open-status--(open|closed|closing_soon|opening_soon)|Opening soon|Closed now/);
    });

    it.each([
      // Tuesday 5 May 2026 in New York (UTC-4).
      [Date.UTC(2026, 4, 5, 13, 30), "Opening soon", "opens 10:00am"],
      [Date.UTC(2026, 4, 5, 16, 0), "Open", "until 8:00pm"],
      [Date.UTC(2026, 4, 4, 16, 0), "Closed", "opens Tue 10:00am"],
    ])("computes the status in the browser at %i: %s", async (now, label, detail) => {
      jest.useFakeTimers({ now });
      renderFooter();
      const hours = within(footer()).getByRole("region", { name: "Opening hours" });
      const status = await within(hours).findByRole("status");
      expect(status).toHaveTextContent(label);
      expect(status).toHaveTextContent(detail);
      expect(within(hours).getByRole("table", { name: "Opening hours" })).toBeInTheDocument();
    });

    it.each<[string, SiteLocation["hours"]]>([
      ["no times at all", [{ day: 2 }, { day: 3, open: null, close: null }] as SiteLocation["hours"]],
      ["only an opening time", [{ day: 2, open: 900 }] as SiteLocation["hours"]],
    ])("hours with %s show no status badge anywhere, not a permanent Closed (SPEC §5)", async (_name, hours) => {
      jest.useFakeTimers({ now: Date.UTC(2026, 4, 5, 16, 0) });
      // Without a build schedule the badge asks the luxon rules, loaded on demand: let that load settle.
      await import("@mainstreet/rules/hours/open-status");
      const { container } = render(<OpenStatusBadge hours={hours} timeZone="America/New_York" />);
      await act(async () => {
        jest.advanceTimersByTime(60_000);
        await new Promise((resolve) => jest.requireActual<typeof import("timers")>("timers").setImmediate(resolve));
      });
      expect(container).toBeEmptyDOMElement();
    });

    it("the same badge with complete hours does tell the status", async () => {
      jest.useFakeTimers({ now: Date.UTC(2026, 4, 5, 16, 0) });
      render(<OpenStatusBadge hours={[{ day: 2, open: 900, close: 1700 }] as SiteLocation["hours"]} timeZone="America/New_York" />);
      expect(await screen.findByRole("status")).toHaveTextContent("Open");
    });

    it("without a schedule, the badge worked out with luxon keeps a special closure", async () => {
      // Tuesday 2 February 2027, 11:00 in New York, a Tuesday whose hours are replaced by a closure.
      jest.useFakeTimers({ now: Date.UTC(2027, 1, 2, 16, 0) });
      render(<OpenStatusBadge hours={[{ day: 2, open: 900, close: 1700 }] as SiteLocation["hours"]} timeZone="America/New_York" specialHours={[{ date: "2027-02-02", closed: true, label: "Snow day" }]} />);
      expect(await screen.findByRole("status")).toHaveTextContent(/^Closed/);
    });

    it("a page that has outlived its schedule loads luxon and still tells the status", async () => {
      // Tuesday 2 February 2027, 9:30 in New York: long after the fixture's build.
      jest.useFakeTimers({ now: Date.UTC(2027, 1, 2, 14, 30) });
      renderFooter();
      const hours = within(footer()).getByRole("region", { name: "Opening hours" });
      const status = await within(hours).findByRole("status");
      expect(status).toHaveTextContent("Opening soon");
      expect(status).toHaveTextContent("opens 10:00am");
    });
  });
});

describe("PoweredBy (SPEC §1)", () => {
  it.each([
    ["main", "FISH", undefined, "Mainstreet", "rgb(0, 0, 0)", "rgb(255, 255, 255)"],
    ["secondary", "GLAM", "#dfdfdf", "Mainstreet Glam", "rgb(223, 223, 223)", "rgb(17, 17, 17)"],
  ])("%s brand on its background (default black) with readable text", (brand, code, background, name, expectedBackground, expectedColor) => {
    render(<PoweredBy brand={brand} brandCode={code} background={background} />);
    const link = screen.getByRole("link", { name: `Powered by ${name}` });
    const banner = link.parentElement!;
    expect(banner).toHaveAttribute("data-brand", code);
    expect(banner.style.background).toBe(expectedBackground);
    expect(link.style.color).toBe(expectedColor);
  });
});
