import React from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { offerJsonLd, jsonLdText, itemJsonLdId } from "@mainstreet/rules/site/structured-data";
import { ApprovedReviews } from "../approved-reviews";
import { answerStaticQueries, sampleSite } from "../../__tests__/fixtures";
import { installIntersectionObserver, intersect } from "../../__tests__/dom-helpers";

/** Approved reviews on item and location pages, read when the end of the page nears. */

const sample = sampleSite("salon");
const siteId = sample.site.business.businessId;
const ITEM_URL = "https://glow.example/services/color/balayage/";

type Call = { path: string };
let calls: Call[] = [];

function serve(answer: { status: number; body?: unknown }) {
  calls = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string) => {
    calls.push({ path: url.replace(/^\/api\//, "") });
    return { ok: answer.status < 400, status: answer.status, statusText: "", text: async () => (answer.body === undefined ? "" : JSON.stringify(answer.body)) } as Response;
  });
}

const approved = {
  reviews: [
    { id: "r1", rating: 4, text: "Lovely colour.\n<b>Would</b> book again.", author: "Ada L.", created_at: "2030-06-01T02:30:00.000Z" },
    { id: "r2", rating: 5, text: "", author: "Anonymous", created_at: "2030-05-20T15:00:00.000Z" },
  ],
  aggregate: { count: 12, average: 4.5 },
};

const itemBlock = (businessType: string) =>
  jsonLdText(offerJsonLd({ name: "Balayage", available: true, variations: [{ name: "", priceCents: 18000 }] }, { siteUrl: "https://glow.example", url: ITEM_URL, businessType }));

function marker(container: HTMLElement): Element {
  const element = container.querySelector(".approved-reviews-marker");
  if (!element) throw new Error("no marker");
  return element;
}

function jsonLdBlocks(container: HTMLElement): Record<string, unknown>[] {
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>);
}

beforeEach(() => {
  answerStaticQueries(sample);
  installIntersectionObserver();
});

describe("ApprovedReviews", () => {
  it("asks nothing until the end of the page nears; then lists the reviews as text, with the aggregate and a spoken rating", async () => {
    serve({ status: 200, body: approved });
    const { container } = render(<ApprovedReviews subject={{ itemId: "item-balayage" }} timeZone="America/New_York" itemJsonLd={itemBlock("salon")} />);
    expect(calls).toHaveLength(0);
    expect(container.querySelector(".approved-reviews-marker")?.childNodes).toHaveLength(0);
    intersect(marker(container));
    const section = await screen.findByRole("region", { name: "Reviews" });
    expect(calls).toEqual([{ path: `businesses/${siteId}/reviews/?item_id=item-balayage` }]);
    expect(within(section).getByText("4.5 out of 5 · 12 reviews")).toBeInTheDocument();
    const [first, second] = within(section).getAllByRole("listitem");
    expect(within(first).getByRole("img", { name: "Rated 4 out of 5" })).toHaveTextContent("★★★★☆");
    // Text, never HTML: the tags a visitor typed are shown as typed.
    expect(first.querySelector("b")).toBeNull();
    expect(within(first).getByText(/<b>Would<\/b> book again\./)).toBeInTheDocument();
    // The date on the business's clock: 02:30 UTC on June 1 is still May 31 in New York.
    expect(within(first).getByText("May 31, 2030")).toHaveAttribute("datetime", "2030-06-01T02:30:00.000Z");
    expect(first).toHaveTextContent("Ada L. · May 31, 2030");
    expect(within(second).getByRole("img", { name: "Rated 5 out of 5" })).toBeInTheDocument();
    expect(second).toHaveTextContent("Anonymous · May 20, 2030");
  });

  it("a Service item: a JSON-LD block of its own names the item (@id of the build's block) with its rating", async () => {
    serve({ status: 200, body: approved });
    const { container } = render(<ApprovedReviews subject={{ itemId: "item-balayage" }} timeZone="America/New_York" itemJsonLd={itemBlock("salon")} />);
    intersect(marker(container));
    await screen.findByRole("region", { name: "Reviews" });
    const [block] = jsonLdBlocks(container);
    expect(block).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      "@id": itemJsonLdId(ITEM_URL),
      name: "Balayage",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 12 },
    });
    // The anonymous review counts in the aggregate but is not a Review node (its author must be a name).
    expect((block.review as { author: { name: string } }[]).map((review) => review.author.name)).toEqual(["Ada L."]);
  });

  it.each<[string, React.ComponentProps<typeof ApprovedReviews>, string]>([
    ["a restaurant's dish (MenuItem has no ratings)", { subject: { itemId: "item-balayage" }, timeZone: "America/New_York", itemJsonLd: itemBlock("restaurant") }, "item_id=item-balayage"],
    ["a location (a business's own reviews are self-serving)", { subject: { locationId: "loc-halden" }, timeZone: "America/New_York" }, "location_id=loc-halden"],
  ])("%s: the reviews show, with no structured data", async (_name, props, query) => {
    serve({ status: 200, body: approved });
    const { container } = render(<ApprovedReviews {...props} />);
    intersect(marker(container));
    await screen.findByRole("region", { name: "Reviews" });
    expect(calls[0].path).toBe(`businesses/${siteId}/reviews/?${query}`);
    expect(jsonLdBlocks(container)).toEqual([]);
  });

  it.each<[string, { status: number; body?: unknown }]>([
    ["no approved reviews", { status: 200, body: { reviews: [], aggregate: { count: 0, average: null } } }],
    ["the service failing", { status: 503, body: { message: "down" } }],
    ["a reply that is not a reviews answer", { status: 200, body: "<html>proxy</html>" }],
  ])("%s: nothing at all, not even a heading", async (_name, answer) => {
    serve(answer);
    const { container } = render(<ApprovedReviews subject={{ locationId: "loc-halden" }} timeZone="America/New_York" />);
    intersect(marker(container));
    await waitFor(() => expect(calls).toHaveLength(1));
    // Every promise of the read settles before the next task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
    expect(container.textContent).toBe("");
    expect(jsonLdBlocks(container)).toEqual([]);
  });
});
