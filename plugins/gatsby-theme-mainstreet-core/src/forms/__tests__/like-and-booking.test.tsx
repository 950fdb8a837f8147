import React from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { siteStorageKey } from "@mainstreet/rules/site/storage";
import { BookingLink } from "../booking-link";
import { LikeButton } from "../like-button";
import { dataLayerEvents, deferred, fakeFetch, useSample, type Call } from "./forms-fixtures";

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
});

const catalog = (counts: Record<string, number>) => (call: Call) =>
  call.path === "catalog/luma-hair-beauty/" ? { status: 200, body: { items: Object.entries(counts).map(([id, like_count]) => ({ id, like_count })) } } : undefined;

describe("LikeButton", () => {
  it("shows the data's count, then the live count from the catalog", async () => {
    const site = useSample("salon");
    const item = site.items.find((candidate) => candidate.itemId === "item-balayage")!;
    fakeFetch(catalog({ "item-balayage": item.likeCount + 5 }));
    render(<LikeButton itemId="item-balayage" itemName="Balayage" />);
    expect(screen.getByText(`${item.likeCount} likes`)).toBeInTheDocument();
    await screen.findByText(`${item.likeCount + 5} likes`);
    expect(screen.getByRole("button", { name: "Like Balayage" })).toHaveAttribute("aria-pressed", "false");
  });

  it("sends one like per visitor, however often it is pressed, with a kept 32-hex visitor id", async () => {
    useSample("salon");
    const reply = deferred<{ status: number; body: unknown }>();
    const { posts } = fakeFetch(catalog({ "item-balayage": 211 }), (call) => (call.path === "events/website/" ? reply.promise : undefined));
    render(<LikeButton itemId="item-balayage" itemName="Balayage" />);
    await screen.findByText("211 likes");
    const button = screen.getByRole("button", { name: "Like Balayage" });
    fireEvent.click(button);
    fireEvent.click(button);
    reply.resolve({ status: 200, body: { kind: "like", like_count: 212, already_liked: false } });
    await screen.findByText("212 likes");
    fireEvent.click(screen.getByRole("button", { name: "Liked Balayage" }));
    const sent = posts("events/website/");
    expect(sent).toHaveLength(1);
    const values = (sent[0].body as { event_data: { fieldValues: { menuItemId: string; visitorId: string } } }).event_data.fieldValues;
    expect(values.menuItemId).toBe("item-balayage");
    expect(values.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(window.localStorage.getItem(siteStorageKey("luma-hair-beauty", "visitor-id"))!).v).toBe(values.visitorId);
    expect(screen.getByRole("button", { name: "Liked Balayage" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Thanks for the like!");
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventAction: "Like", eventLabel: "Balayage" })]);
  });

  it("remembers the like on the next visit and sends nothing more", async () => {
    useSample("salon");
    window.localStorage.setItem(siteStorageKey("luma-hair-beauty", "liked-items"), JSON.stringify({ v: ["item-balayage"] }));
    const { posts } = fakeFetch(catalog({ "item-balayage": 212 }));
    render(<LikeButton itemId="item-balayage" itemName="Balayage" />);
    fireEvent.click(await screen.findByRole("button", { name: "Liked Balayage" }));
    expect(posts("events/website/")).toHaveLength(0);
  });

  it("keeps the count and says why when the like fails, and a retry works", async () => {
    useSample("salon");
    let attempts = 0;
    fakeFetch((call) => {
      if (call.path !== "events/website/") return undefined;
      attempts += 1;
      return attempts === 1 ? { status: 429, body: { message: "Too many requests; try again in a minute" } } : { status: 200, body: { like_count: 55, already_liked: false } };
    });
    render(<LikeButton itemId="item-mens-cut" itemName="Men's Haircut" />);
    fireEvent.click(screen.getByRole("button", { name: "Like Men's Haircut" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Too many requests; try again in a minute"));
    expect(screen.getByText("54 likes")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Like Men's Haircut" }));
    await screen.findByText("55 likes");
  });

  it("renders nothing for an item the data does not list", () => {
    useSample("salon");
    fakeFetch();
    const { container } = render(<LikeButton itemId="no-such-item" itemName="Nothing" />);
    // Only the deferred part's box-less wrapper (hydration/deferred.tsx) is there: no button, no count.
    expect(container.querySelector(".deferred")).toBeEmptyDOMElement();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("BookingLink", () => {
  it.each<["salon" | "restaurant", string, string | null]>([
    // The salon's locations take appointments: its own booking page, not the data's external link.
    ["salon", "/book/", null],
    ["restaurant", "/reservations/", null],
  ])("at the %s it goes to %s", (name, href, target) => {
    useSample(name);
    render(<BookingLink className="button">Book Now</BookingLink>);
    const link = screen.getByRole("link", { name: /Book Now/ });
    expect(link).toHaveAttribute("href", href);
    expect(link).toHaveAttribute("data-role", "BOOKING");
    if (target) {
      expect(link).toHaveAttribute("target", target);
      expect(link).toHaveAccessibleName("Book Now (opens in a new tab)");
    } else expect(link).not.toHaveAttribute("target");
  });

  it("names an icon-only link", () => {
    useSample("salon");
    render(
      <BookingLink label="Book an appointment">
        <svg aria-hidden="true" />
      </BookingLink>,
    );
    expect(screen.getByRole("link", { name: "Book an appointment" })).toHaveAttribute("href", "/book/");
  });

  it("renders nothing when the business has nowhere to book", () => {
    useSample("merchant");
    const { container } = render(<BookingLink>Book Now</BookingLink>);
    expect(container).toBeEmptyDOMElement();
  });
});
