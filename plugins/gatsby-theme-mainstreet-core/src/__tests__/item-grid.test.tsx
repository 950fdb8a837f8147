import React from "react";
import { render, screen } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ItemGrid, type ItemData } from "../layout/sections";
import { CategoryBar } from "../layout/menu-sections";
import { VariationList } from "../components/item-details";
import { installIntersectionObserver, mockMatchMedia } from "./dom-helpers";
import { answerStaticQueries, sampleSite } from "./fixtures";

beforeEach(() => {
  answerStaticQueries(sampleSite("salon"));
  mockMatchMedia([]);
  installIntersectionObserver();
});

const photo: IGatsbyImageData = { layout: "constrained", width: 480, height: 360, images: { fallback: { src: "/static/x.jpg" } } };

function item(id: string, withPhoto: boolean): ItemData {
  return {
    itemId: id,
    name: `Dish ${id}`,
    description: `About dish ${id}`,
    path: `/menu/dish-${id}/`,
    available: true,
    image: withPhoto ? { alt: `Dish ${id} on a plate`, file: { childImageSharp: { gatsbyImageData: photo } } } : null,
    variations: [{ id: `v-${id}`, name: "", priceCents: 1400, order: 0, priceText: "$14" }],
    priceText: "$14",
    interactions: [],
  };
}

describe("ItemGrid (items without photos, grids that fill their rows)", () => {
  it.each<[string, boolean, string[]]>([
    ["the page's first listing: its first photo is eager with high priority, the rest lazy", true, ["eager:high", "lazy:", "lazy:"]],
    ["any other listing: every photo lazy", false, ["lazy:", "lazy:", "lazy:"]],
  ])("%s", (_name, leadImage, expected) => {
    const { container } = render(<ItemGrid id="grid" items={[true, true, true].map((withPhoto, index) => item(String(index), withPhoto))} leadImage={leadImage} />);
    const images = [...container.querySelectorAll("img")].map((image) => `${image.getAttribute("loading")}:${image.getAttribute("fetchpriority") ?? ""}`);
    expect(images).toEqual(expected);
  });

  it.each<[string, boolean[], string, string | null]>([
    ["three photo items: a grid of three columns, not three of four", [true, true, true], "card-grid card-grid--items", "3"],
    ["four photo items: two rows of two", [true, true, true, true], "card-grid card-grid--items", "2"],
    ["five photo items: 3 + 2", [true, true, true, true, true], "card-grid card-grid--items", "3"],
    ["no photos: a menu list", [false, false], "menu-list", null],
    ["photos and text mixed: a menu list, small photos beside their rows", [true, false, true], "menu-list", null],
  ])("%s", (_name, photos, className, columns) => {
    const { container } = render(<ItemGrid id="grid" items={photos.map((withPhoto, index) => item(String(index), withPhoto))} />);
    const grid = container.querySelector(".deferred")?.firstElementChild as HTMLElement;
    expect(grid.className).toBe(className);
    expect(grid.getAttribute("data-columns")).toBe(columns);
    expect(grid.querySelectorAll("img")).toHaveLength(photos.filter(Boolean).length);
  });

  it("sets an item without a photo as text: name and price in one row, no letter tile", () => {
    const { container } = render(<ItemGrid id="grid" items={[item("1", false)]} />);
    const card = container.querySelector("article") as HTMLElement;
    expect(card.className).toBe("item-card item-card--text");
    expect(card.querySelector(".item-card__head")?.textContent).toBe("Dish 1$14");
    expect(card.querySelector("[aria-hidden='true']")).toBeNull();
    expect(screen.getByRole("heading", { name: "Dish 1" })).toBeTruthy();
  });
});

describe("sold out on the menu", () => {
  it.each<[string, Partial<ItemData>, boolean]>([
    ["an orderable item", {}, false],
    ["an item marked unavailable", { available: false }, true],
    ["every variation sold out", { variations: [{ id: "v", name: "", priceCents: 1400, order: 0, available: false, priceText: "$14" }] }, true],
    ["one of two variations sold out: the item is still orderable", { variations: [{ id: "v1", name: "Small", priceCents: 900, order: 0, available: false, priceText: "$9" }, { id: "v2", name: "Large", priceCents: 1400, order: 1, priceText: "$14" }] }, false],
  ])("the card of %s says Sold out: %s", (_label, overrides, soldOut) => {
    render(<ItemGrid id="grid" items={[{ ...item("1", false), ...overrides }]} />);
    expect(screen.queryByText("Sold out") !== null).toBe(soldOut);
    expect(screen.queryByText("Currently unavailable")).toBeNull();
  });

  it("the item page's price list marks the sold-out variation", () => {
    render(<VariationList variations={[{ id: "v1", name: "3 pieces", priceCents: 1100, order: 1, priceText: "$11" }, { id: "v2", name: "6 pieces", priceCents: 1950, order: 2, available: false, priceText: "$19.50" }]} />);
    const [three, six] = screen.getAllByRole("row");
    expect(six).toHaveTextContent("6 pieces$19.50Sold out");
    expect(three).toHaveTextContent(/^3 pieces\$11(\.00)?$/);
  });
});

describe("CategoryBar", () => {
  it("links to each section of a long menu, in order, as a named navigation", () => {
    render(<CategoryBar categories={[{ categoryId: "a", name: "Antipasti" }, { categoryId: "p", name: "Pizze" }]} />);
    const nav = screen.getByRole("navigation", { name: "Menu sections" });
    expect([...nav.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Antipasti", "#menu-a"],
      ["Pizze", "#menu-p"],
    ]);
  });

  it("is left out when there is only one section to jump to", () => {
    const { container } = render(<CategoryBar categories={[{ categoryId: "a", name: "Antipasti" }]} />);
    expect(container.innerHTML).toBe("");
  });
});
