import { BLOG_ACTIONS } from "../analytics";
import { eventAttributes, linkClickEvent, type LinkClick } from "../link-analytics";

const site = "https://luma.test";
const click = (overrides: Partial<LinkClick>): LinkClick => ({ href: `${site}/about/`, siteOrigin: site, text: "About", region: "header", ...overrides });

describe("linkClickEvent", () => {
  it.each<[string, Partial<LinkClick>, { category: string; action: string; label?: string } | null, boolean]>([
    ["internal nav link", {}, { category: "Navigation", action: "Link Click", label: "About" }, false],
    ["footer sitemap link", { region: "footer" }, { category: "Footer", action: "Link Click", label: "About" }, false],
    ["booking interaction", { href: "https://book.example/luma", role: "BOOKING", text: "Reserve" }, { category: "Booking", action: "Schedule Appointment", label: "https://book.example/luma" }, true],
    ["a Book Now button", { href: "https://book.example/luma", text: "Book Now" }, { category: "Booking", action: "Schedule Appointment", label: "https://book.example/luma" }, true],
    ["phone link", { href: "tel:+17185550142", text: "(718) 555-0142" }, { category: "Contact", action: "Call", label: "(718) 555-0142" }, false],
    ["email link never leaks the address", { href: "mailto:carrow@luma.test", text: "carrow@luma.test" }, { category: "Contact", action: "Email", label: "email" }, false],
    ["maps link", { href: "https://www.google.com/maps/search/?api=1&query=Luma", text: "Get directions", region: "footer" }, { category: "Location", action: "Get Directions", label: "https://www.google.com/maps/search/?api=1&query=Luma" }, true],
    ["social link", { href: "https://www.instagram.com/luma", text: "Instagram", region: "footer" }, { category: "Social", action: "Visit Profile", label: "instagram.com" }, true],
    ["other outbound link", { href: "https://gift.example/luma", text: "Gift Cards" }, { category: "Navigation", action: "Outbound Link", label: "https://gift.example/luma" }, true],
    ["explicit data attributes", { category: "Hero", action: "Click CTA", label: "See services" }, { category: "Hero", action: "Click CTA", label: "See services" }, false],
    ["unknown explicit category falls back", { category: "Nope", action: "Click" }, { category: "Navigation", action: "Link Click", label: "About" }, false],
    ["label with an @ is redacted", { label: "ask maya@luma.test" }, { category: "Navigation", action: "Link Click", label: "[redacted]" }, false],
    ["unparseable href", { href: "http://[bad" }, null, false],
  ])("%s", (_name, overrides, expected, outbound) => {
    const result = linkClickEvent(click(overrides));
    if (expected === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result?.event).toEqual(expected);
    expect(result?.outbound).toBe(outbound);
  });
});

describe("eventAttributes: Blog link events", () => {
  it.each<[string, ReturnType<typeof eventAttributes>, Partial<LinkClick>, { category: string; action: string; label?: string }, boolean]>([
    ["a post opened from the index", eventAttributes("Blog", BLOG_ACTIONS.readPost, "Your bridal hair timeline"), { href: `${site}/journal/bridal-hair-timeline/`, text: "Read more", region: "main" }, { category: "Blog", action: "Read Post", label: "Your bridal hair timeline" }, false],
    ["the index's next page", eventAttributes("Blog", BLOG_ACTIONS.changePage, "Page 2"), { href: `${site}/journal/page/2/`, text: "Older posts", region: "main" }, { category: "Blog", action: "Change Page", label: "Page 2" }, false],
    ["a link in a post to another site, labelled by its url", eventAttributes("Blog", BLOG_ACTIONS.followLink), { href: "https://www.example.org/guide", text: "this guide", region: "main" }, { category: "Blog", action: "Follow Link", label: "https://www.example.org/guide" }, true],
    ["a link in a post to the site, labelled by its text", eventAttributes("Blog", BLOG_ACTIONS.followLink), { href: `${site}/services/`, text: "services page", region: "main" }, { category: "Blog", action: "Follow Link", label: "services page" }, false],
  ])("%s", (_name, attributes, overrides, expected, outbound) => {
    const result = linkClickEvent(
      click({ ...overrides, category: attributes["data-event-category"], action: attributes["data-event-action"], label: attributes["data-event-label"] }),
    );
    expect(result?.event).toEqual(expected);
    expect(result?.outbound).toBe(outbound);
  });

  it("redacts a label with an @ before it reaches the page", () => {
    expect(eventAttributes("Blog", BLOG_ACTIONS.readPost, "Ask maya@luma.test")).toEqual({ "data-event-category": "Blog", "data-event-action": "Read Post", "data-event-label": "[redacted]" });
  });
});
