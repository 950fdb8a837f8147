import {
  type LinkPageInput,
  type ResolvedLink,
  absoluteBusinessUrl,
  internalPath,
  normalizeLinkUrl,
  resolveLink,
  sortButtonsLast,
} from "../links";
import { emailHref, safeHref, telHref } from "../hrefs";
import { joinUrl } from "../canonical";

describe("safeHref (only http(s), mailto, tel and relative urls)", () => {
  it.each<[string | null | undefined, string | null]>([
    ["https://glow.example/book", "https://glow.example/book"],
    ["HTTP://glow.example", "HTTP://glow.example"],
    ["mailto:hi@glow.example", "mailto:hi@glow.example"],
    ["tel:+12175550142", "tel:+12175550142"],
    ["/about", "/about"],
    ["about/team", "about/team"],
    ["../up", "../up"],
    ["#hours", "#hours"],
    ["?q=1", "?q=1"],
    ["/search?q=a:b", "/search?q=a:b"],
    ["  https://glow.example  ", "https://glow.example"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    [" javascript:alert(1)", null],
    ["java\tscript:alert(1)", null],
    ["java\nscript:alert(1)", null],
    ["\u0001javascript:alert(1)", null],
    ["data:text/html,<script>alert(1)</script>", null],
    ["vbscript:msgbox(1)", null],
    ["file:///etc/passwd", null],
    ["//evil.example/x", null],
    ["\\\\evil.example", null],
    ["weird:thing/x", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%p → %p", (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});

describe("emailHref / telHref / absoluteBusinessUrl", () => {
  it.each<[string | null | undefined, string | null]>([
    ["Hello@Glow.Example", "mailto:hello@glow.example"],
    ["  hi@glow.example ", "mailto:hi@glow.example"],
    ["MAILTO:Hi@Glow.example", "mailto:hi@glow.example"],
    ["not-an-email", null],
    ["", null],
    [null, null],
  ])("emailHref(%p) → %p", (email, expected) => {
    expect(emailHref(email)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    ["(217) 555-0142", "tel:2175550142"],
    ["+1 217 555 0142", "tel:+12175550142"],
    ["tel:217.555.0142", "tel:2175550142"],
    ["call us", null],
    [null, null],
  ])("telHref(%p) → %p", (phone, expected) => {
    expect(telHref(phone)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    ["glow.example", "https://glow.example"],
    ["www.glow.example/book", "https://www.glow.example/book"],
    ["http://glow.example", "http://glow.example"],
    ["HTTPS://glow.example", "HTTPS://glow.example"],
    ["//glow.example", "https://glow.example"],
    ["  ", null],
    [null, null],
  ])("absoluteBusinessUrl(%p) → %p", (url, expected) => {
    expect(absoluteBusinessUrl(url)).toBe(expected);
  });

  it.each<[string, string | null, string]>([
    ["https://glow.example/", "/about", "https://glow.example/about"],
    ["https://glow.example", "about", "https://glow.example/about"],
    ["https://glow.example//", "//a//b/", "https://glow.example/a/b/"],
    ["https://glow.example", null, "https://glow.example/"],
  ])("joinUrl(%p, %p) → %p", (site, slug, expected) => {
    expect(joinUrl(site, slug)).toBe(expected);
  });

  it.each<[string | null, string]>([
    ["about", "/about"],
    ["/services//cut", "/services/cut"],
    ["", "/"],
    [null, "/"],
  ])("internalPath(%p) → %p", (slug, expected) => {
    expect(internalPath(slug)).toBe(expected);
  });

  it.each<[string, { href: string | null; kind: string }]>([
    ["hi@glow.example", { href: "mailto:hi@glow.example", kind: "email" }],
    ["217-555-0142", { href: "tel:2175550142", kind: "phone" }],
    ["glow.example/book", { href: "https://glow.example/book", kind: "external" }],
    ["https://book.example", { href: "https://book.example", kind: "external" }],
    ["/about", { href: "/about", kind: "internal" }],
    ["javascript:alert(1)", { href: null, kind: "external" }],
  ])("normalizeLinkUrl(%p)", (url, expected) => {
    expect(normalizeLinkUrl(url)).toEqual(expected);
  });
});

describe("resolveLink", () => {
  const site = { siteUrl: "https://glow.example" };
  type Expect = Partial<ResolvedLink> & { target?: string | undefined; rel?: string | undefined; className?: string | undefined };

  it.each<[string, LinkPageInput, Expect]>([
    ["an internal page goes to its slug", { title: "About", slug: "about" }, { href: "/about", kind: "internal", external: false, target: undefined, rel: undefined, isButton: false, label: "About" }],
    ["home", { title: "Home", slug: "/" }, { href: "/", kind: "internal" }],
    ["an External page goes to its url in a new tab", { title: "Reviews", pageType: "External", url: "https://reviews.example/glow" }, { href: "https://reviews.example/glow", kind: "external", external: true, target: "_blank", rel: "noopener noreferrer" }],
    ["an External bare domain gets https", { title: "Shop", pageType: "External", url: "shop.example" }, { href: "https://shop.example", external: true }],
    ["an External email becomes lower-case mailto", { title: "Email", pageType: "External", url: "Hi@Glow.Example" }, { href: "mailto:hi@glow.example", kind: "email", external: false, target: undefined }],
    ["an External phone becomes tel", { title: "Call", pageType: "External", url: "(217) 555-0142" }, { href: "tel:2175550142", kind: "phone", external: false }],
    ["an External link to this site is internal", { title: "Team", pageType: "External", url: "https://glow.example/team?x=1#top" }, { href: "/team?x=1#top", kind: "internal", external: false, target: undefined }],
    ["a javascript: url is dropped with a warning", { title: "Evil", pageType: "External", url: "javascript:alert(1)" }, { href: null, warnings: ['page "Evil": url: expected an http(s), mailto: or tel: url, got "javascript:alert(1)" (link dropped)'] }],
    ["as: Button on the page", { title: "Book", slug: "book", as: "Button" }, { isButton: true }],
    ["as: Button in props", { title: "Book", slug: "book", props: '{"as":"Button"}' }, { isButton: true, warnings: [] }],
    ["props as an object", { title: "Book", slug: "book", props: { as: "button", "aria-label": "Book now" } }, { isButton: true, attributes: { "aria-label": "Book now" } }],
    ["props target overrides the new tab", { title: "Out", pageType: "External", url: "https://x.example", props: '{"target":"_self"}' }, { target: "_self", rel: undefined }],
    ["props rel is kept and hardened for a new tab", { title: "Out", pageType: "External", url: "https://x.example", props: '{"rel":"sponsored"}' }, { target: "_blank", rel: "sponsored noopener noreferrer" }],
    ["class names merge", { title: "A", slug: "a", className: "nav-link", props: '{"className":"highlight"}' }, { className: "nav-link highlight" }],
    ["data attributes pass through", { title: "A", slug: "a", props: '{"data-track":"nav","tabIndex":0,"hidden":false}' }, { attributes: { "data-track": "nav", tabIndex: 0, hidden: false } }],
    ["invalid props JSON is a warning, never a crash", { _id: "p1", title: "A", slug: "a", props: "{as: Button" }, { href: "/a", isButton: false, warnings: [expect.stringContaining('page "A" (p1): props: expected a JSON object like {"as":"Button"}, got invalid JSON "{as: Button"') as unknown as string] }],
    ["props that are not an object are a warning", { title: "A", slug: "a", props: "[1,2]" }, { warnings: ['page "A": props: expected a JSON object like {"as":"Button"}, got [1,2] (ignored)'] }],
    ["event handlers and href in props are refused", { title: "A", slug: "a", props: '{"onClick":"alert(1)","href":"javascript:alert(1)"}' }, { href: "/a", attributes: {}, warnings: ['page "A": props.onClick: not allowed on a link (ignored)', 'page "A": props.href: not allowed on a link (ignored)'] }],
    ["nested props values are refused", { title: "A", slug: "a", props: '{"style":{"color":"red"},"data-x":{"y":1}}' }, { attributes: {}, warnings: ['page "A": props.style: not allowed on a link (ignored)', 'page "A": props.data-x: expected text, a number or true/false, got {"y":1} (ignored)'] }],
  ])("%s", (_name, page, expected) => {
    const link = resolveLink(page, site);
    for (const [key, value] of Object.entries(expected)) expect(link[key as keyof ResolvedLink]).toEqual(value);
  });

  it("opens external links in the same tab when told to", () => {
    const link = resolveLink({ title: "Out", pageType: "External", url: "https://x.example" }, { externalInNewTab: false });
    expect([link.target, link.rel]).toEqual([undefined, undefined]);
  });

  it("never throws, whatever the data", () => {
    const pages: LinkPageInput[] = [{}, { props: "null" }, { props: "" }, { pageType: "External" }, { slug: "   " }];
    for (const page of pages) expect(() => resolveLink(page)).not.toThrow();
  });
});

describe("sortButtonsLast (SPEC §2: Button links after the others, stable)", () => {
  it.each<[string, [string, boolean][], string[]]>([
    ["buttons move to the end keeping order", [["Book", true], ["About", false], ["Gift", true], ["Team", false]], ["About", "Team", "Book", "Gift"]],
    ["no buttons", [["A", false], ["B", false]], ["A", "B"]],
    ["all buttons", [["A", true], ["B", true]], ["A", "B"]],
    ["empty", [], []],
  ])("%s", (_name, links, expected) => {
    expect(sortButtonsLast(links.map(([label, isButton]) => ({ label, isButton }))).map((link) => link.label)).toEqual(expected);
  });
});
