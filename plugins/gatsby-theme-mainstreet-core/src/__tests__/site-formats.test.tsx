import React, { type ReactElement } from "react";
import { render, screen, within } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { HoursTable } from "../components/hours-table";
import { OpenStatusBadge } from "../components/open-status-badge";
import { ItemCard, type ItemData } from "../layout/sections";
import { VariationList } from "../components/item-details";
import { SiteFormatsProvider } from "../hooks/site-formats";
import { installIntersectionObserver, mockMatchMedia, pinDate } from "./dom-helpers";
import { answerStaticQueries, sampleSite } from "./fixtures";

// The layout hands the business's locale and currency down; prices, hours and the open status
// below it are written in them. The same components with no provider stay en-US and USD.

/** Intl separates with no-break and narrow no-break spaces; the tables write plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

beforeEach(() => {
  mockMatchMedia([]);
  installIntersectionObserver();
  answerStaticQueries(sampleSite("salon"));
});
afterEach(() => jest.useRealTimers());

function inFormats(locale: string | null, currency: string | null, element: ReactElement) {
  return render(locale && currency ? <SiteFormatsProvider locale={locale} currency={currency}>{element}</SiteFormatsProvider> : element);
}

const photo: IGatsbyImageData = { layout: "constrained", width: 480, height: 360, images: { fallback: { src: "/static/x.jpg" } } };

describe("prices as the build wrote them (itemPriceText, table-tested in the rules)", () => {
  it("the card and the price list show the build's text, in any locale, formatting nothing in the browser", () => {
    const ramen: ItemData = {
      itemId: "ramen",
      name: "Shoyu ramen",
      path: "/menu/noodles/shoyu-ramen/",
      available: true,
      image: { alt: "A bowl of ramen", file: { childImageSharp: { gatsbyImageData: photo } } },
      variations: [
        { id: "v0", name: "Regular", priceCents: 1200, order: 0, priceText: "￥1,200" },
        { id: "v1", name: "Large", priceCents: 1550, order: 1, priceText: "￥1,550" },
      ],
      priceText: "￥1,200 – ￥1,550",
      interactions: [],
    };
    const { container } = inFormats("ja-JP", "JPY", <ItemCard item={ramen} />);
    expect(container.querySelector(".item-card__price")).toHaveTextContent("￥1,200 – ￥1,550");
    const list = inFormats("ja-JP", "JPY", <VariationList variations={ramen.variations} />);
    expect(within(list.container).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["￥1,200", "￥1,550"]);
  });
});

describe("hours and the open status in the site's locale", () => {
  const hours = [
    { day: 1, open: 1130, close: 1430 },
    { day: 1, open: 1730, close: 2300 },
    { day: 2, open: 1130, close: 2300 },
  ];

  it.each<[string | null, string]>([
    [null, "11:30am – 2:30pm, 5:30pm – 11:00pm"],
    ["en-US", "11:30am – 2:30pm, 5:30pm – 11:00pm"],
    ["ja-JP", "11:30 – 14:30, 17:30 – 23:00"],
    ["de-DE", "11:30 – 14:30, 17:30 – 23:00"],
    ["en-GB", "11:30 – 14:30, 17:30 – 23:00"],
  ])("%s: Monday reads %p", (locale, monday) => {
    inFormats(locale, "USD", <HoursTable hours={hours} display="daily" />);
    const row = screen.getByRole("row", { name: /Monday/ });
    expect(plain(within(row).getByRole("cell").textContent)).toBe(monday);
  });

  it.each<[string, string]>([
    ["en-US", "Open · until 2:30pm"],
    ["ja-JP", "Open · until 14:30"],
  ])("%s: the badge says %p", async (locale, text) => {
    // Monday 2026-05-04, 12:00 in Tokyo.
    pinDate(Date.UTC(2026, 4, 4, 3, 0));
    inFormats(locale, "JPY", <OpenStatusBadge hours={hours} timeZone="Asia/Tokyo" />);
    expect(plain((await screen.findByRole("status")).textContent)).toBe(text);
  });
});
