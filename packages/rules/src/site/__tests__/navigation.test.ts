import { type ChildPageInput, type NavGroup, type NavItem, type NavPageInput, buildNavigation, popupAccordionGroups } from "../navigation";

const titles = (items: NavItem[]) => items.map((item) => item.label);

describe("buildNavigation", () => {
  const pages: NavPageInput[] = [
    { _id: "contact", title: "Contact", slug: "contact", navigationPriority: 5 },
    { _id: "book", title: "Book Now", pageType: "External", url: "https://book.example", navigationPriority: 1, props: '{"as":"Button"}' },
    { _id: "home", title: "Home", slug: "/", navigationPriority: 0 },
    { _id: "services", title: "Services", pageType: "services", slug: "services", navigationPriority: 2 },
    { _id: "team", title: "Team", slug: "team", navigationPriority: 2, navigationOrder: -5 },
    { _id: "gift", title: "Gift Cards", slug: "gift", as: "Button" },
    { _id: "blog", title: "Blog", slug: "blog" },
  ];

  it("sorts by navigationPriority, then navigationOrder, then data order (missing priority last)", () => {
    expect(titles(buildNavigation(pages).all)).toEqual(["Home", "Team", "Services", "Contact", "Blog", "Book Now", "Gift Cards"]);
  });

  it("keeps regular pages and button pages apart", () => {
    const nav = buildNavigation(pages);
    expect(titles(nav.links)).toEqual(["Home", "Team", "Services", "Contact", "Blog"]);
    expect(titles(nav.buttons)).toEqual(["Book Now", "Gift Cards"]);
    expect(nav.buttons[0]).toMatchObject({ href: "https://book.example", external: true, target: "_blank" });
  });

  it.each<[string, ChildPageInput[], string, [string | null, string[]][]]>([
    [
      "children by parent id, grouped by navigation group in group order then navigation order",
      [
        { title: "Colour", slug: "services/colour", fishermanParentPageId: "services", navigationGroup: "Hair", navigationGroupOrder: 1, navigationOrder: 2 },
        { title: "Massage", slug: "services/massage", fishermanParentPageId: "services", navigationGroup: "Body", navigationGroupOrder: 2 },
        { title: "Cut", slug: "services/cut", fishermanParentPageId: "services", navigationGroup: "Hair", navigationGroupOrder: 1, navigationOrder: 1 },
        { title: "Facial", slug: "services/facial", fishermanParentPageId: "services", navigationGroup: "Body", navigationGroupOrder: 2, navigationOrder: -3 },
        { title: "Ana", slug: "team/ana", fishermanParentPageId: "team" },
      ],
      "Services",
      [["Hair", ["Cut", "Colour"]], ["Body", ["Facial", "Massage"]]],
    ],
    [
      "children by parent page type when no page has their parent id",
      [
        { title: "Haircut", slug: "services/haircut", fishermanParentPageType: "Services" },
        { title: "Other", slug: "x/other", fishermanParentPageType: "products" },
      ],
      "Services",
      [[null, ["Haircut"]]],
    ],
    [
      "default orders are -1, so unordered children come before ordered ones",
      [
        { title: "Second", slug: "s/2", fishermanParentPageId: "services", navigationOrder: 0 },
        { title: "First", slug: "s/1", fishermanParentPageId: "services" },
      ],
      "Services",
      [[null, ["First", "Second"]]],
    ],
    [
      "item pages are not menu links: their category page is (so an item in two categories is not listed twice)",
      [
        { title: "Styling", slug: "services/styling", pageType: "service-category", fishermanParentPageId: "services", navigationGroup: "Hair" },
        { title: "Bridal Trial", slug: "services/styling/bridal-trial", pageType: "service-item", fishermanParentPageId: "services", navigationGroup: "Styling" },
        { title: "Bridal", slug: "services/bridal", pageType: "service-category", fishermanParentPageId: "services", navigationGroup: "Hair" },
        { title: "Bridal Trial", slug: "services/bridal/bridal-trial", pageType: "service-item", fishermanParentPageId: "services", navigationGroup: "Bridal" },
      ],
      "Services",
      [["Hair", ["Styling", "Bridal"]]],
    ],
    [
      "categories with one name in two groups stay apart (hair treatments, spa treatments)",
      [
        { title: "Treatments", slug: "services/treatments", pageType: "service-category", fishermanParentPageId: "services", navigationGroup: "Hair", navigationGroupOrder: 1 },
        { title: "Nails", slug: "services/nails", pageType: "service-category", fishermanParentPageId: "services", navigationGroup: "Spa", navigationGroupOrder: 2 },
        { title: "Treatments", slug: "services/treatments-2", pageType: "service-category", fishermanParentPageId: "services", navigationGroup: "Spa", navigationGroupOrder: 2 },
      ],
      "Services",
      [["Hair", ["Treatments"]], ["Spa", ["Nails", "Treatments"]]],
    ],
    [
      "each page once: a child that is a top-level page, or is listed under a parent earlier in the menu (Team), is dropped",
      [
        { title: "Contact us", slug: "contact/", fishermanParentPageId: "services" },
        { title: "Cut", slug: "services/cut", fishermanParentPageId: "services" },
        { title: "Cut again", slug: "services/cut/", fishermanParentPageId: "services" },
        { title: "Ana", slug: "team/ana", fishermanParentPageId: "services" },
        { title: "Ana", slug: "team/ana", fishermanParentPageId: "team" },
      ],
      "Services",
      [[null, ["Cut"]]],
    ],
  ])("%s", (_name, children, parent, expected) => {
    const item = buildNavigation(pages, children).all.find((candidate) => candidate.label === parent) as NavItem;
    expect(item.groups.map((group) => [group.name, titles(group.links)])).toEqual(expected);
    expect(titles(item.children)).toEqual(expected.flatMap(([, names]) => names));
  });

  it("the same model feeds every variant: no href twice anywhere in the tree", () => {
    const nav = buildNavigation(pages, [
      { title: "Ana", slug: "team/ana", fishermanParentPageId: "team" },
      { title: "Ana", slug: "team/ana", fishermanParentPageId: "services" },
      { title: "Team", slug: "team", fishermanParentPageId: "services" },
    ]);
    const hrefs: string[] = [];
    const walk = (items: NavItem[]) => items.forEach((item) => { if (item.href) hrefs.push(item.href); walk(item.children); });
    walk(nav.all);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(titles(nav.all.find((item) => item.label === "Team")!.children)).toEqual(["Ana"]);
  });

  it("child links resolve to their own slugs", () => {
    const nav = buildNavigation(pages, [{ title: "Cut", slug: "services/cut", fishermanParentPageId: "services" }]);
    expect(nav.links[2].children[0]).toMatchObject({ href: "/services/cut", label: "Cut", children: [], groups: [] });
  });

  it("static childPages come before generated ones and nest", () => {
    const nav = buildNavigation(
      [{ _id: "about", title: "About", slug: "about", childPages: [{ title: "Story", slug: "about/story", childPages: [{ title: "1999", slug: "about/story/1999" }] }] }],
      [{ title: "Press", slug: "about/press", fishermanParentPageId: "about" }],
    );
    expect(titles(nav.links[0].children)).toEqual(["Story", "Press"]);
    expect(titles(nav.links[0].children[0].children)).toEqual(["1999"]);
  });

  it("gathers link warnings instead of failing", () => {
    const nav = buildNavigation([{ title: "Bad", slug: "bad", props: "{oops" }]);
    expect(nav.links).toHaveLength(1);
    expect(nav.warnings).toEqual([expect.stringContaining('page "Bad": props: expected a JSON object')]);
  });
});

describe("popupAccordionGroups (SPEC §2, §9: 4 links per group, then See more / See less)", () => {
  const link = (label: string) => ({ label }) as NavItem;
  const group = (name: string | null, count: number): NavGroup => ({ name, links: Array.from({ length: count }, (_, index) => link(`${name}-${index + 1}`)) });

  it.each<[string, number, boolean, { visible: number; hiddenCount: number; toggleLabel: string | null; expanded: boolean }]>([
    ["4 links fit", 4, false, { visible: 4, hiddenCount: 0, toggleLabel: null, expanded: false }],
    ["the 5th link is behind See more", 5, false, { visible: 4, hiddenCount: 1, toggleLabel: "See more", expanded: false }],
    ["expanded shows all with See less", 5, true, { visible: 5, hiddenCount: 0, toggleLabel: "See less", expanded: true }],
    ["a group that fits is never 'expanded'", 3, true, { visible: 3, hiddenCount: 0, toggleLabel: null, expanded: false }],
    ["an empty group", 0, false, { visible: 0, hiddenCount: 0, toggleLabel: null, expanded: false }],
  ])("%s", (_name, count, expanded, expected) => {
    const [result] = popupAccordionGroups([group("Hair", count)], { expandedGroups: new Set(expanded ? ["Hair"] : []) });
    expect({ ...result, visible: result.visible.length }).toEqual({ name: "Hair", ...expected });
  });

  it("expands groups independently, including the unnamed group", () => {
    const result = popupAccordionGroups([group("Hair", 6), group(null, 6)], { expandedGroups: new Set([null]) });
    expect(result.map((entry) => [entry.name, entry.visible.length, entry.toggleLabel])).toEqual([
      ["Hair", 4, "See more"],
      [null, 6, "See less"],
    ]);
  });

  it("takes another limit", () => {
    expect(popupAccordionGroups([group("Hair", 3)], { linksPerGroup: 2 })[0].visible.map((entry) => entry.label)).toEqual(["Hair-1", "Hair-2"]);
  });
});
