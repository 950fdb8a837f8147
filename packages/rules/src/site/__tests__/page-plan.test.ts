import { planPages, type PageSpec, type PlanInput } from "../page-plan";
import { isGeneratedPathServed, pathFromSlug } from "../page-plan/plan-builder";
import { ORDERING_PATHS } from "../../orders/order-paths";

type Page = PlanInput["pages"][number];
type Category = PlanInput["menu"]["categories"][number];
type Item = PlanInput["menu"]["items"][number];
type Member = PlanInput["team"][number];
type Place = PlanInput["locations"][number];

const page = (id: string, pageType: string, slug: string, extra: Partial<Page> = {}): Page => ({
  id,
  title: id,
  pageType,
  slug,
  navigationOrder: -1,
  navigationGroupOrder: -1,
  ...extra,
});
const category = (id: string, name: string, itemIds: string[], order = 0, extra: Partial<Category> = {}): Category => ({ id, name, order, itemIds, ...extra });
const item = (id: string, name: string, visible = true): Item => ({ id, name, visible });
const member = (id: string, name: string, show = true, order = 0): Member => ({ id, name, show, order });
const place = (id: string, city: string, street: string, name?: string): Place => ({ id, city, street, name });

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    pages: [page("p-home", "home", ""), page("p-services", "services", "services"), page("p-team", "team", "team"), page("p-contact", "contact", "contact")],
    menu: { categories: [], items: [] },
    team: [],
    locations: [place("l1", "Springfield", "1 Main Street")],
    ...overrides,
  };
}

const paths = (pages: PageSpec[]) => pages.map((p) => p.path);
const find = (pages: PageSpec[], path: string) => {
  const found = pages.find((p) => p.path === path);
  if (!found) throw new Error(`no page at ${path}; planned: ${paths(pages).join(", ")}`);
  return found;
};

describe("pathFromSlug", () => {
  it.each<[string, string]>([
    ["", "/"],
    ["about", "/about/"],
    ["/about/", "/about/"],
    ["our/story", "/our/story/"],
  ])("%j → %s", (slug, expected) => {
    expect(pathFromSlug(slug)).toBe(expected);
  });
});

describe("isGeneratedPathServed", () => {
  it.each<[string, string, boolean]>([
    ["/services/haircuts/", "services", true],
    ["/services/haircuts/womens-haircut/", "services", true],
    ["/services/", "services", false],
    ["/services", "services", false],
    ["/services/haircuts/services/", "services", false],
    ["/team/jose-nunez/", "team", true],
    ["/team/", "team", false],
    ["/locations/brooklyn/", "locations", true],
    ["/haircuts/", "services", false],
    ["/servicesx/haircuts/", "services", false],
    ["/", "services", false],
  ])("%s under %s → %s", (path, root, expected) => {
    expect(isGeneratedPathServed(path, root)).toBe(expected);
  });
});

describe("planPages: website pages, home and 404", () => {
  it.each<[string, PlanInput, string[]]>([
    ["one page per non-External website page, plus 404", input({ locations: [] }), ["/", "/services/", "/team/", "/contact/", "/404/"]],
    ["External pages get no page", input({ locations: [], pages: [page("p-home", "home", ""), page("p-x", "External", "")] }), ["/", "/404/"]],
    ["a home page is added when the data has none", input({ locations: [], pages: [page("p-about", "about", "about")] }), ["/about/", "/", "/404/"]],
    ["home is / whatever its slug", input({ locations: [], pages: [page("p-home", "home", "welcome")] }), ["/", "/404/"]],
    ["nested slugs keep their slashes", input({ locations: [], pages: [page("p-home", "home", ""), page("p-a", "about", "about/story")] }), ["/", "/about/story/", "/404/"]],
    ["work-with-us uses its own slug", input({ locations: [], pages: [page("p-home", "home", ""), page("p-w", "work-with-us", "careers")] }), ["/", "/careers/", "/404/"]],
  ])("%s", (_name, business, expected) => {
    expect(paths(planPages(business).pages)).toEqual(expected);
  });

  it("carries the page's navigation fields and defaults into its context", () => {
    const { pages } = planPages(
      input({ pages: [page("p-home", "home", ""), page("p-team", "team", "team", { title: "Our Team", navigationOrder: 2, navigationGroup: "About", navigationGroupOrder: 1 })] }),
    );
    expect(find(pages, "/team/")).toEqual({
      path: "/team/",
      template: "team",
      context: { id: "p-team", title: "Our Team", navigationOrder: 2, navigationGroup: "About", navigationGroupOrder: 1, canonicalPath: "/team/", pageId: "p-team", pageType: "team" },
    });
    expect(find(pages, "/404/").context).toMatchObject({ navigationOrder: -1, navigationGroupOrder: -1, canonicalPath: "/404/" });
    expect(find(pages, "/404/").template).toBe("404");
  });

  it("warns about a page type without a template", () => {
    const { pages, warnings } = planPages(input({ locations: [], pages: [page("p-home", "home", ""), page("p-x", "gallery", "gallery", { title: "Gallery" })] }));
    expect(paths(pages)).toEqual(["/", "/404/"]);
    expect(warnings).toEqual(['pages[1] "Gallery" (id p-x): page type "gallery" has no template in this recipe; no page created']);
  });
});

describe("planPages: the blog", () => {
  const post = (id: string, title: string, publishedAt: string, slug?: string) => ({ id, title, publishedAt, slug });
  const nyc: Place = { ...place("l1", "Brooklyn", "1 Main Street"), primaryLocation: true, timezone: "America/New_York" };
  const blogInput = (posts: ReturnType<typeof post>[], pages: Page[] = [page("p-home", "home", ""), page("p-blog", "blog", "journal", { title: "Journal" })]) =>
    planPages(input({ locations: [nyc], pages, blogPosts: posts }));
  const manyPosts = (count: number) => Array.from({ length: count }, (_, index) => post(`b${index + 1}`, `Post ${index + 1}`, `2025-01-${String(index + 1).padStart(2, "0")}`));

  it.each<[string, number, string[]]>([
    ["an empty blog still has its page", 0, ["/journal/"]],
    ["up to nine posts fit on one page", 9, ["/journal/"]],
    ["the tenth post starts page 2", 10, ["/journal/", "/journal/page/2/"]],
    ["19 posts make three pages", 19, ["/journal/", "/journal/page/2/", "/journal/page/3/"]],
  ])("%s", (_name, count, indexPaths) => {
    const { pages, warnings } = blogInput(manyPosts(count));
    expect(warnings).toEqual([]);
    const index = pages.filter((candidate) => candidate.template === "blog-index");
    expect(paths(index)).toEqual(indexPaths);
    expect(index.map((candidate) => [candidate.context.blogPage, candidate.context.blogPageCount, candidate.context.skip, candidate.context.limit])).toEqual(
      indexPaths.map((_, number) => [number + 1, indexPaths.length, number * 9, 9]),
    );
    expect(pages.filter((candidate) => candidate.template === "blog-post")).toHaveLength(count);
  });

  it("plans the posts newest first under the blog's slug, each its own canonical page with no parent in the menu", () => {
    const { pages } = blogInput([
      post("b-old", "Making balayage last", "2025-03-14", "balayage-aftercare"),
      post("b-new", "Your bridal hair timeline", "2025-05-02T10:00:00-04:00"),
      post("b-mid", "Curls in winter", "2025-04-20T23:30:00-08:00"),
    ]);
    const posts = pages.filter((candidate) => candidate.template === "blog-post");
    expect(posts.map((candidate) => [candidate.path, candidate.context.postId, candidate.context.navigationOrder])).toEqual([
      ["/journal/your-bridal-hair-timeline/", "b-new", 0],
      ["/journal/curls-in-winter/", "b-mid", 1],
      ["/journal/balayage-aftercare/", "b-old", 2],
    ]);
    for (const candidate of posts) {
      expect(candidate.context).toMatchObject({ canonicalPath: candidate.path, blogPath: "/journal/" });
      expect(candidate.context.fishermanParentPageId).toBeUndefined();
    }
    expect(find(pages, "/journal/").context).toMatchObject({ id: "p-blog", title: "Journal", pageId: "p-blog", pageType: "blog", canonicalPath: "/journal/" });
  });

  it("names later index pages by number, each canonical to itself", () => {
    const { pages } = blogInput(manyPosts(10));
    expect(find(pages, "/journal/page/2/").context).toMatchObject({ id: "p-blog", title: "Journal, page 2", canonicalPath: "/journal/page/2/", blogPath: "/journal/" });
  });

  it.each<[string, ReturnType<typeof post>[], Page[], string[], string[]]>([
    [
      "posts without a blog page",
      [post("b1", "Hello", "2025-01-01")],
      [page("p-home", "home", "")],
      [],
      ['blogPosts: 1 post(s) but no website page of type "blog" to publish them under; add one to pages (pageType "blog") to build the blog'],
    ],
    [
      "a second blog page",
      [],
      [page("p-home", "home", ""), page("p-blog", "blog", "journal", { title: "Journal" }), page("p-news", "blog", "news", { title: "News" })],
      ["/journal/"],
      ['pages[2] "News" (id p-news): a business has one blog, and "Journal" (id p-blog) is it; no page created'],
    ],
    [
      "a title of symbols without a slug",
      [post("b1", "✨", "2025-01-01"), post("b2", "Real", "2025-01-02")],
      [page("p-home", "home", ""), page("p-blog", "blog", "journal", { title: "Journal" })],
      ["/journal/", "/journal/real/"],
      ['blogPosts[0] "✨" (id b1): its title gives an empty slug and it has no slug of its own, so its page would be /journal/; no page created'],
    ],
  ])("warns about %s", (_name, posts, pages, expectedPaths, expectedWarnings) => {
    const planned = blogInput(posts, pages);
    expect(paths(planned.pages.filter((candidate) => candidate.template.startsWith("blog")))).toEqual(expectedPaths);
    expect(planned.warnings).toEqual(expectedWarnings);
  });
});

describe("planPages: services", () => {
  const menu = {
    categories: [
      category("c-color", "Color", ["i-gloss"], 2),
      category("c-cuts", "Haircuts", ["i-cut", "i-secret", "i-trial"], 1, { schedule: { name: "Hair", order: 1 } }),
      category("c-treat-1", "Treatments", ["i-mask"], 3),
      category("c-bridal", "Bridal", ["i-trial"], 4),
      category("c-treat-2", "Treatments", ["i-facial"], 5),
    ],
    items: [item("i-cut", "Women's Haircut"), item("i-secret", "Staff Cut", false), item("i-trial", "Bridal Trial"), item("i-gloss", "Gloss"), item("i-mask", "Mask"), item("i-facial", "Facial")],
  };
  const { pages, warnings } = planPages(input({ menu, locations: [] }));

  it.each<[string, string, string, Record<string, unknown>]>([
    ["categories sort by order", "/services/haircuts/", "service-category", { categoryId: "c-cuts", navigationOrder: 0, navigationGroup: "Hair", navigationGroupOrder: 1 }],
    ["second category by order", "/services/color/", "service-category", { categoryId: "c-color", navigationOrder: 1, navigationGroupOrder: -1 }],
    ["the first of two equal names keeps the plain slug", "/services/treatments/", "service-category", { categoryId: "c-treat-1" }],
    ["the second gets -2", "/services/treatments-2/", "service-category", { categoryId: "c-treat-2" }],
    ["item path is category slug then item slug", "/services/haircuts/womens-haircut/", "service-item", { itemId: "i-cut", categoryId: "c-cuts", navigationGroup: "Haircuts", navigationGroupOrder: 0 }],
    ["an item under its second category", "/services/bridal/bridal-trial/", "service-item", { itemId: "i-trial", categoryId: "c-bridal", canonicalPath: "/services/haircuts/bridal-trial/" }],
    ["an item under its first category is its own canonical", "/services/haircuts/bridal-trial/", "service-item", { itemId: "i-trial", canonicalPath: "/services/haircuts/bridal-trial/" }],
    ["children point at the services page", "/services/treatments-2/facial/", "service-item", { fishermanParentPageId: "p-services", fishermanParentPageType: "services" }],
  ])("%s: %s", (_name, path, template, context) => {
    const found = find(pages, path);
    expect(found.template).toBe(template);
    expect(found.context).toMatchObject(context);
  });

  it("gives hidden items no page", () => {
    expect(paths(pages).filter((p) => p.includes("staff-cut"))).toEqual([]);
  });

  it("plans exactly the expected service pages, without warnings", () => {
    expect(paths(pages).filter((p) => p.startsWith("/services/") && p !== "/services/")).toEqual([
      "/services/haircuts/",
      "/services/haircuts/womens-haircut/",
      "/services/haircuts/bridal-trial/",
      "/services/color/",
      "/services/color/gloss/",
      "/services/treatments/",
      "/services/treatments/mask/",
      "/services/bridal/",
      "/services/bridal/bridal-trial/",
      "/services/treatments-2/",
      "/services/treatments-2/facial/",
    ]);
    expect(warnings).toEqual([]);
  });

  it("falls back to the products page as parent, and to no parent", () => {
    const withProducts = planPages(input({ menu, locations: [], pages: [page("p-shop", "products", "shop")] }));
    expect(find(withProducts.pages, "/services/color/").context).toMatchObject({ fishermanParentPageId: "p-shop", fishermanParentPageType: "products" });
    const orphan = planPages(input({ menu, locations: [], pages: [] }));
    expect(find(orphan.pages, "/services/color/").context.fishermanParentPageId).toBeUndefined();
  });
});

describe("planPages: records that cannot get a page are named in a warning", () => {
  it.each<[string, Partial<PlanInput>, string[], string[]]>([
    [
      "a category whose name has no slug characters",
      { menu: { categories: [category("c-x", "★★★", ["i-1"])], items: [item("i-1", "Cut")] } },
      [],
      ['menu.categories[0] "★★★" (id c-x): its name gives an empty slug, so its page would be /services/; no page created', 'menu.categories[0] "★★★" (id c-x): 1 visible item(s) in it get no page under it'],
    ],
    [
      "a category literally named like the root",
      { menu: { categories: [category("c-s", "Services", [])], items: [] } },
      [],
      ['menu.categories[0] "Services" (id c-s): its slug "services" ends with the root slug, so its page would be /services/services/; no page created'],
    ],
    [
      "an item whose name has no slug characters",
      { menu: { categories: [category("c-1", "Cuts", ["i-1"])], items: [item("i-1", "!!!")] } },
      ["/services/cuts/"],
      ['menu.items[0] "!!!" (id i-1) in "Cuts": its name gives an empty slug, so its page would be /services/cuts/; no page created'],
    ],
    [
      "an item literally named like the root",
      { menu: { categories: [category("c-1", "Cuts", ["i-1"])], items: [item("i-1", "Services")] } },
      ["/services/cuts/"],
      ['menu.items[0] "Services" (id i-1) in "Cuts": its slug "services" ends with the root slug, so its page would be /services/cuts/services/; no page created'],
    ],
    [
      "a team member literally named like the root",
      { team: [member("t-1", "Team")] },
      [],
      ['team[0] "Team" (id t-1): its slug "team" ends with the root slug, so its page would be /team/team/; no page created'],
    ],
    [
      "a visible item in no category",
      { menu: { categories: [], items: [item("i-1", "Loose"), item("i-2", "Hidden", false)] } },
      [],
      ['menu.items[0] "Loose" (id i-1): it is in no category, so it gets no page'],
    ],
    [
      "a shown team member whose name has no slug characters",
      { team: [member("t-1", "☺")] },
      [],
      ['team[0] "☺" (id t-1): its name gives an empty slug, so its page would be /team/; no page created'],
    ],
    [
      "a location whose city has no slug characters",
      { locations: [place("l-1", "—", "1 Main Street")] },
      [],
      ['locations[0] "—" (id l-1): its city gives an empty slug, so its page would be /locations/; no page created'],
    ],
    [
      "a website page that takes a generated path first",
      { pages: [page("p-home", "home", ""), page("p-a", "about", "services/cuts", { title: "About" })], menu: { categories: [category("c-1", "Cuts", [])], items: [] } },
      ["/services/cuts/"],
      ['menu.categories[0] "Cuts" (id c-1): its page /services/cuts/ is already planned for pages[1] "About" (id p-a); no second page created'],
    ],
  ])("%s", (_name, overrides, expectedGenerated, expectedWarnings) => {
    const base = input({ locations: [], ...overrides });
    const { pages, warnings } = planPages(base);
    const generated = pages.filter((p) => ["service-category", "service-item", "team-member", "location"].includes(p.template)).map((p) => p.path);
    expect(generated).toEqual(expectedGenerated.filter((p) => !base.pages.some((wp) => pathFromSlug(wp.slug) === p)));
    expect(warnings).toEqual(expectedWarnings);
  });
});

describe("planPages: team and locations", () => {
  it("plans shown members only, suffixing equal names by position and order", () => {
    const { pages } = planPages(
      input({
        locations: [],
        team: [member("t-3", "Sam Lee", true, 3), member("t-1", "José Núñez", true, 1), member("t-2", "Ava", false, 2), member("t-4", "Sam Lee", true, 4)],
      }),
    );
    const team = pages.filter((p) => p.template === "team-member");
    expect(team.map((p) => [p.path, p.context.memberId, p.context.navigationOrder])).toEqual([
      ["/team/jose-nunez/", "t-1", 0],
      ["/team/sam-lee/", "t-3", 2],
      ["/team/sam-lee-2/", "t-4", 3],
    ]);
    expect(team[0].context).toMatchObject({ title: "José Núñez", fishermanParentPageId: "p-team", fishermanParentPageType: "team", canonicalPath: "/team/jose-nunez/" });
  });

  it("plans one page per location with SPEC slugs and readable titles", () => {
    const { pages } = planPages(
      input({ locations: [place("l-1", "Brooklyn", "418 Carrow Street"), place("l-2", "Brooklyn", "92 Halden Avenue"), place("l-3", "Chicago", "2816 Wrenfield Ave", "Luma Lakeview"), place("l-4", "Austin", "1 Congress Ave")] }),
    );
    expect(pages.filter((p) => p.template === "location").map((p) => [p.path, p.context.title, p.context.locationId])).toEqual([
      ["/locations/brooklyn-418-carrow-street/", "Brooklyn, 418 Carrow Street", "l-1"],
      ["/locations/brooklyn-92-halden-avenue/", "Brooklyn, 92 Halden Avenue", "l-2"],
      ["/locations/luma-lakeview/", "Luma Lakeview", "l-3"],
      ["/locations/austin/", "Austin", "l-4"],
    ]);
    expect(find(pages, "/locations/austin/").context).toMatchObject({ fishermanParentPageId: "p-contact", fishermanParentPageType: "contact", navigationOrder: 3 });
  });

  it("is pure: the same input gives the same plan and is not changed", () => {
    const business = input({ team: [member("t-1", "A")], menu: { categories: [category("c", "C", ["i"])], items: [item("i", "I")] } });
    const snapshot = JSON.stringify(business);
    expect(planPages(business)).toEqual(planPages(business));
    expect(JSON.stringify(business)).toBe(snapshot);
  });

  it("gives every planned page a unique path with leading and trailing slashes", () => {
    const { pages } = planPages(
      input({
        team: [member("t-1", "A"), member("t-2", "A")],
        menu: { categories: [category("c1", "X", ["i"]), category("c2", "X", ["i"])], items: [item("i", "I")] },
        locations: [place("l1", "Town", "1 A St"), place("l2", "Town", "1 A St")],
      }),
    );
    expect(new Set(paths(pages)).size).toBe(pages.length);
    for (const p of pages) expect(p.path).toMatch(/^\/(?:[^/]+\/)*$/);
  });
});

describe("ordering pages", () => {
  it.each<[string, PlanInput["ordering"], string[]]>([
    ["ordering enabled", { enabled: true }, ["/checkout/", "/order/"]],
    ["ordering disabled", { enabled: false }, []],
    ["no ordering settings", undefined, []],
  ])("%s → %j", (_label, ordering, expected) => {
    const { pages, warnings } = planPages(input({ ordering }));
    expect(pages.filter((p) => p.template === "checkout" || p.template === "order").map((p) => p.path)).toEqual(expected);
    expect(warnings).toEqual([]);
  });

  it("plans checkout and confirmation outside the navigation (no parent page) and canonical to themselves", () => {
    const { pages } = planPages(input({ ordering: { enabled: true } }));
    for (const [template, path] of Object.entries(ORDERING_PATHS)) {
      const planned = find(pages, path);
      expect(planned.template).toBe(template);
      expect(planned.context).toMatchObject({ id: template, canonicalPath: path, navigationOrder: -1 });
      expect(planned.context.fishermanParentPageId).toBeUndefined();
    }
  });

  it("leaves a website page that already owns /checkout/ in place and says so", () => {
    const { pages, warnings } = planPages(input({ ordering: { enabled: true }, pages: [page("p-home", "home", ""), page("p-checkout", "about", "checkout")] }));
    expect(find(pages, "/checkout/").template).toBe("about");
    expect(warnings).toEqual([expect.stringContaining("the checkout page (ordering.enabled): its page /checkout/ is already planned for pages[1]")]);
  });
});

describe("planPages: the reservation page", () => {
  const takes = { enabled: true, capacity: 4, slotMinutes: 30 };
  const off = { enabled: false, capacity: 0, slotMinutes: 30 };
  const booking = "https://book.example/online";
  const withReservations = (settings: typeof takes) => [{ ...place("l1", "Springfield", "1 Main Street"), reservations: settings }];

  it.each<[string, boolean, Partial<PlanInput>]>([
    ["a restaurant taking reservations", true, { type: "restaurant", locations: withReservations(takes) }],
    ["a restaurant taking reservations, even with a booking link", true, { type: "restaurant", bookingUrl: booking, locations: withReservations(takes) }],
    ["a salon without a booking link taking reservations", true, { type: "generic", locations: withReservations(takes) }],
    ["a salon with a booking link books there instead", false, { type: "generic", bookingUrl: booking, locations: withReservations(takes) }],
    ["no location takes reservations", false, { type: "restaurant", locations: withReservations(off) }],
    ["enabled without a capacity takes none", false, { type: "restaurant", locations: withReservations({ ...takes, capacity: 0 }) }],
    ["no reservation settings at all", false, { type: "restaurant" }],
  ])("%s → %s", (_name, expected, overrides) => {
    const { pages, warnings } = planPages(input(overrides));
    expect(pages.some((p) => p.template === "reservations")).toBe(expected);
    expect(warnings).toEqual([]);
  });

  it("plans /reservations/ under the contact page, after the locations, titled for the business type", () => {
    const { pages } = planPages(input({ type: "restaurant", locations: [...withReservations(takes), place("l2", "Shelbyville", "2 Main Street")] }));
    expect(find(pages, "/reservations/")).toEqual({
      path: "/reservations/",
      template: "reservations",
      context: {
        id: "reservations",
        title: "Reservations",
        navigationOrder: 2,
        navigationGroupOrder: -1,
        fishermanParentPageId: "p-contact",
        fishermanParentPageType: "contact",
        canonicalPath: "/reservations/",
      },
    });
    expect(find(planPages(input({ type: "generic", locations: withReservations(takes) })).pages, "/reservations/").context.title).toBe("Book an appointment");
  });

  it("leaves the path to a website page that already uses it, with a warning", () => {
    const { pages, warnings } = planPages(input({ type: "restaurant", locations: withReservations(takes), pages: [page("p-home", "home", ""), page("p-r", "about", "reservations", { title: "Tables" })] }));
    expect(find(pages, "/reservations/").template).toBe("about");
    expect(warnings).toEqual(['the reservation page: its page /reservations/ is already planned for pages[1] "Tables" (id p-r); no second page created']);
  });
});
