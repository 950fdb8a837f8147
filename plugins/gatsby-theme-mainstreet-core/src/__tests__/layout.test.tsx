import React from "react";
import { render, screen, within } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { LAYOUT_NOT_FOUND, resolveLayout } from "../layout/layouts";
import { Layout } from "../layout/layout";
import { Logo } from "../components/logo";
import { pinDate } from "./dom-helpers";
import { FIXTURE_BUILD_TIME, sampleSite } from "./fixtures";

const salon = sampleSite("salon");

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  pinDate(FIXTURE_BUILD_TIME);
  (useStaticQuery as jest.Mock).mockReturnValue({
    mainstreetBusiness: salon.site.business,
    allMainstreetLocation: { nodes: salon.site.locations },
  });
});

describe("resolveLayout", () => {
  const Frame = () => null;
  it.each([
    [{ default: Frame }, undefined, Frame],
    [{ default: Frame, wide: Frame }, "wide", Frame],
  ])("returns the requested layout (%#)", (registry, name, expected) => {
    expect(resolveLayout(registry, name)).toBe(expected);
  });

  it.each([[{}, undefined], [{ default: Frame }, "missing"]])("throws the SPEC message when the layout is missing (%#)", (registry, name) => {
    expect(() => resolveLayout(registry, name)).toThrow(LAYOUT_NOT_FOUND);
    expect(LAYOUT_NOT_FOUND).toBe("Couldn't find layout component");
  });
});

describe("Logo", () => {
  it("renders nothing when both title and image are empty", () => {
    const { container } = render(<Logo title="  " image={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("links to the site root", () => {
    render(<Logo title="Luma" />);
    expect(screen.getByRole("link", { name: "Luma, home" })).toHaveAttribute("href", "/");
  });
});

describe("Layout", () => {
  it("wraps the page in landmarks with a skip link, navigation, footer and the Powered by banner", () => {
    render(
      <Layout path="/" template="home">
        <h1>Page body</h1>
      </Layout>,
    );
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    expect(within(screen.getByRole("main")).getByRole("heading", { name: "Page body" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Contact" })).toBeInTheDocument();
    // Button-style pages sit at the side of the bar, after the page links in page order (SPEC §2).
    expect(within(nav).queryByRole("link", { name: /Book Now/ })).toBeNull();
    const labels = within(screen.getByRole("banner")).getAllByRole("link").map((link) => link.textContent ?? "");
    const position = (label: string) => labels.findIndex((text) => text.startsWith(label));
    expect(position("Contact")).toBeGreaterThanOrEqual(0);
    expect(position("Book Now")).toBeGreaterThan(position("Contact"));
    expect(within(screen.getByRole("list", { name: "Quick actions" })).getByRole("link", { name: /Book Now/ })).toHaveClass("button");
    expect(screen.getByText(/Powered by/)).toBeInTheDocument();
  });

  it("shows the primary location's contact details in the footer, email lower-cased", () => {
    render(
      <Layout path="/" template="home">
        <p>body</p>
      </Layout>,
    );
    const footer = screen.getByRole("contentinfo");
    const primary = salon.business.locations.find((location) => location.primaryLocation)!;
    expect(within(footer).getByText(primary.street, { exact: false })).toBeInTheDocument();
    if (primary.email) expect(within(footer).getByRole("link", { name: primary.email.toLowerCase() })).toHaveAttribute("href", `mailto:${primary.email.toLowerCase()}`);
    expect(within(footer).getByRole("link", { name: /Accessibility statement/ })).toBeInTheDocument();
    expect(within(footer).getByRole("link", { name: /Get directions/ })).toHaveAttribute("target", "_blank");
  });

  it("on a location's page, the footer speaks of that location (its address, phone and hours), not the primary one", () => {
    const primary = salon.business.locations.find((location) => location.primaryLocation)!;
    // Lakeview, in Chicago: the primary location is in Brooklyn.
    const other = salon.business.locations.find((location) => location.timezone !== primary.timezone)!;
    render(
      <Layout path="/locations/other/" template="location" locationId={other.id}>
        <p>body</p>
      </Layout>,
    );
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText(other.street, { exact: false })).toBeInTheDocument();
    expect(within(footer).queryByText(primary.street, { exact: false })).toBeNull();
    const statuses = Array.from(footer.querySelectorAll("[data-open-status]"));
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(status).toHaveAttribute("data-zone", other.timezone);
  });
});
