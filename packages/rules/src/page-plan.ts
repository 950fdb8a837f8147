/**
 * The page plan (SPEC §2): every page the site builds, decided from the business data alone.
 * Pure: gatsby-node's createPages only loops over the result, and the rules are tested here.
 */
import { BLOG_PAGE_SIZE, blogIndexPath, blogPageCount, blogPostSlugs, newestFirst, type BlogPostInput } from "./blog";
import { hasReservationPage, RESERVATIONS_SLUG, reservationPageTitle, type ReservationSettings } from "./booking";
import { locationSlugSource, ROOT_SLUGS, uniqueSlugs } from "./slugs";
import { ORDERING_PATHS } from "./order-paths";

export const PAGE_TEMPLATES = [
  "home",
  "about",
  "contact",
  "products",
  "services",
  "team",
  "work-with-us",
  "404",
  "service-category",
  "service-item",
  "team-member",
  "location",
  "checkout",
  "order",
  "reservations",
  "blog-index",
  "blog-post",
] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export interface PageContext {
  id: string;
  title: string;
  navigationOrder: number;
  navigationGroup?: string;
  navigationGroupOrder: number;
  fishermanParentPageId?: string;
  fishermanParentPageType?: string;
  /** Path of the page search engines should index; differs from the path for the second and later copies of an item. */
  canonicalPath: string;
  /** Website pages: the page record and its type. */
  pageId?: string;
  pageType?: string;
  categoryId?: string;
  itemId?: string;
  memberId?: string;
  locationId?: string;
  /** Blog posts: the post. */
  postId?: string;
  /** Blog index pages: which page of how many, and the posts on it (newest first: skip, then limit). */
  blogPage?: number;
  blogPageCount?: number;
  skip?: number;
  limit?: number;
  /** Blog index pages and posts: the path of the blog's first page. */
  blogPath?: string;
}

export interface PageSpec {
  /** Leading and trailing slash; "/" for home. */
  path: string;
  template: PageTemplate;
  context: PageContext;
}

/** The parts of a business the plan reads; the validated Business type satisfies it. */
export interface PlanInput {
  pages: readonly {
    id: string;
    title: string;
    pageType: string;
    slug: string;
    navigationOrder: number;
    navigationGroup?: string;
    navigationGroupOrder: number;
  }[];
  menu: {
    categories: readonly { id: string; name: string; order: number; itemIds: readonly string[]; schedule?: { name: string; order: number } }[];
    items: readonly { id: string; name: string; visible: boolean }[];
  };
  team: readonly { id: string; name: string; show: boolean; order: number }[];
  locations: readonly { id: string; name?: string; city: string; street: string; reservations?: ReservationSettings; primaryLocation?: boolean; timezone?: string }[];
  /** Blog posts (SPEC §3), published under the business's one blog page; dates are read in the primary location's zone. */
  blogPosts?: readonly BlogPostInput[];
  /** Business type and booking link decide whether the site has its own reservation page (issue 8). */
  type?: string;
  bookingUrl?: string;
  /** Online ordering (SPEC §7 order calls): the checkout and order confirmation pages exist only when enabled. */
  ordering?: { enabled: boolean };
}

export { ORDERING_PATHS };

export const DEFAULT_NAVIGATION_ORDER = -1;

const STATIC_TEMPLATES: ReadonlySet<string> = new Set(["home", "about", "contact", "products", "services", "team", "work-with-us"]);

/** "/a/b/" from "a/b"; "/" from "". */
export function pathFromSlug(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "/" : `/${trimmed}/`;
}

/**
 * SPEC §2: a generated page is served only when its path contains the root slug and does not end with
 * it. Compared segment by segment, so "/servicesx/a/" does not count as containing "services".
 */
export function isGeneratedPathServed(path: string, root: string): boolean {
  const segments = path.split("/").filter((segment) => segment !== "");
  return segments.includes(root) && segments[segments.length - 1] !== root;
}

/** Stable order by `order`, then by position in the data. */
function byOrder<T extends { order: number }>(records: readonly T[]): { record: T; index: number }[] {
  return records.map((record, index) => ({ record, index })).sort((a, b) => a.record.order - b.record.order || a.index - b.index);
}

const quote = (text: string) => JSON.stringify(text);

/** The context of a page the merchant wrote, published at `path` (its own canonical). */
function websitePageContext(page: PlanInput["pages"][number], path: string): PageContext {
  return {
    id: page.id,
    title: page.title,
    navigationOrder: page.navigationOrder,
    navigationGroup: page.navigationGroup,
    navigationGroupOrder: page.navigationGroupOrder,
    canonicalPath: path,
    pageId: page.id,
    pageType: page.pageType,
  };
}

export function planPages(business: PlanInput): { pages: PageSpec[]; warnings: string[] } {
  const pages: PageSpec[] = [];
  const warnings: string[] = [];
  const owners = new Map<string, string>();

  /** Adds a page unless its path is already planned; the first claimant keeps it. */
  const add = (page: PageSpec, owner: string) => {
    const existing = owners.get(page.path);
    if (existing) {
      warnings.push(`${owner}: its page ${page.path} is already planned for ${existing}; no second page created`);
      return;
    }
    owners.set(page.path, owner);
    pages.push(page);
  };

  /** Generated pages go through the SPEC serving rule; a refusal names the record with the empty slug. */
  const addGenerated = (page: PageSpec, owner: string, root: string, why: string) => {
    if (!isGeneratedPathServed(page.path, root)) {
      warnings.push(`${owner}: ${why}, so its page would be ${page.path}; no page created`);
      return;
    }
    add(page, owner);
  };

  // Website pages first: they own their paths.
  const websitePages = business.pages.map((page, index) => ({ page, index }));
  const posts = business.blogPosts ?? [];
  const primary = business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
  const postSlugs = blogPostSlugs(posts);
  // Newest first; a post whose slug comes out empty gets no page and takes no place on the index.
  const publishedPosts = newestFirst(posts, primary?.timezone ?? "UTC").filter((index) => postSlugs[index] !== "");
  let blog: { page: PlanInput["pages"][number]; path: string } | undefined;
  for (const { page, index } of websitePages) {
    const owner = `pages[${index}] ${quote(page.title)} (id ${page.id})`;
    if (page.pageType === "External") continue;
    if (page.pageType === "blog") {
      if (blog) {
        warnings.push(`${owner}: a business has one blog, and ${quote(blog.page.title)} (id ${blog.page.id}) is it; no page created`);
        continue;
      }
      blog = { page, path: pathFromSlug(page.slug) };
      const pageCount = blogPageCount(publishedPosts.length);
      for (let number = 1; number <= pageCount; number += 1) {
        const path = blogIndexPath(blog.path, number);
        add(
          {
            path,
            template: "blog-index",
            // Each page of the index is its own page for search engines (they list different posts).
            context: {
              ...websitePageContext(page, path),
              title: number === 1 ? page.title : `${page.title}, page ${number}`,
              blogPage: number,
              blogPageCount: pageCount,
              skip: (number - 1) * BLOG_PAGE_SIZE,
              limit: BLOG_PAGE_SIZE,
              blogPath: blog.path,
            },
          },
          number === 1 ? owner : `${owner} (page ${number} of its posts)`,
        );
      }
      continue;
    }
    if (!STATIC_TEMPLATES.has(page.pageType)) {
      warnings.push(`${owner}: page type ${quote(page.pageType)} has no template in this recipe; no page created`);
      continue;
    }
    const path = page.pageType === "home" ? "/" : pathFromSlug(page.slug);
    add(
      {
        path,
        template: page.pageType as PageTemplate,
        context: websitePageContext(page, path),
      },
      owner,
    );
  }

  if (!business.pages.some((page) => page.pageType === "home")) {
    add(
      {
        path: "/",
        template: "home",
        context: { id: "home", title: "Home", navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: "/", pageType: "home" },
      },
      "the home page",
    );
  }

  add(
    {
      path: "/404/",
      template: "404",
      context: { id: "404", title: "Page not found", navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: "/404/" },
    },
    "the 404 page",
  );

  const parentOf = (...types: string[]) => {
    for (const type of types) {
      const page = business.pages.find((candidate) => candidate.pageType === type);
      if (page) return { fishermanParentPageId: page.id, fishermanParentPageType: page.pageType };
    }
    return {};
  };

  if (business.ordering?.enabled) {
    const orderingPage = (template: "checkout" | "order", title: string) =>
      add(
        {
          path: ORDERING_PATHS[template],
          template,
          context: { id: template, title, navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: ORDERING_PATHS[template] },
        },
        `the ${template === "checkout" ? "checkout" : "order confirmation"} page (ordering.enabled)`,
      );
    orderingPage("checkout", "Checkout");
    orderingPage("order", "Your order");
  }

  // Service categories and items under /services/.
  const servicesRoot = ROOT_SLUGS.services;
  const servicesParent = parentOf("services", "products");
  const categories = byOrder(business.menu.categories);
  const categorySlugs = uniqueSlugs(categories.map(({ record }) => record.name));
  const itemsById = new Map(business.menu.items.map((item, index) => [item.id, { item, index }]));
  const canonicalItemPath = new Map<string, string>();

  categories.forEach(({ record: category, index }, position) => {
    const owner = `menu.categories[${index}] ${quote(category.name)} (id ${category.id})`;
    const categorySlug = categorySlugs[position];
    const categoryPath = `/${servicesRoot}/${categorySlug ? `${categorySlug}/` : ""}`;
    addGenerated(
      {
        path: categoryPath,
        template: "service-category",
        context: {
          id: category.id,
          title: category.name,
          navigationOrder: position,
          navigationGroup: category.schedule?.name,
          navigationGroupOrder: category.schedule?.order ?? DEFAULT_NAVIGATION_ORDER,
          ...servicesParent,
          canonicalPath: categoryPath,
          categoryId: category.id,
        },
      },
      owner,
      servicesRoot,
      categorySlug === "" ? "its name gives an empty slug" : `its slug ${quote(categorySlug)} ends with the root slug`,
    );
    if (!isGeneratedPathServed(categoryPath, servicesRoot)) {
      const visibleCount = category.itemIds.filter((id) => itemsById.get(id)?.item.visible).length;
      if (visibleCount > 0) warnings.push(`${owner}: ${visibleCount} visible item(s) in it get no page under it`);
      return;
    }

    // Slugs are numbered over the category's whole list so hiding one item never renames another's page.
    const members = category.itemIds.map((id) => itemsById.get(id)).filter((entry) => entry !== undefined);
    const itemSlugs = uniqueSlugs(members.map(({ item }) => item.name));
    members.forEach(({ item, index: itemIndex }, itemPosition) => {
      if (!item.visible) return;
      const itemOwner = `menu.items[${itemIndex}] ${quote(item.name)} (id ${item.id}) in ${quote(category.name)}`;
      const itemSlug = itemSlugs[itemPosition];
      if (itemSlug === "") {
        warnings.push(`${itemOwner}: its name gives an empty slug, so its page would be ${categoryPath}; no page created`);
        return;
      }
      const path = `${categoryPath}${itemSlug}/`;
      const canonicalPath = canonicalItemPath.get(item.id) ?? path;
      canonicalItemPath.set(item.id, canonicalPath);
      addGenerated(
        {
          path,
          template: "service-item",
          context: {
            id: item.id,
            title: item.name,
            navigationOrder: itemPosition,
            navigationGroup: category.name,
            navigationGroupOrder: position,
            ...servicesParent,
            canonicalPath,
            categoryId: category.id,
            itemId: item.id,
          },
        },
        itemOwner,
        servicesRoot,
        `its slug ${quote(itemSlug)} ends with the root slug`,
      );
    });
  });

  business.menu.items.forEach((item, index) => {
    if (item.visible && !canonicalItemPath.has(item.id) && !business.menu.categories.some((category) => category.itemIds.includes(item.id))) {
      warnings.push(`menu.items[${index}] ${quote(item.name)} (id ${item.id}): it is in no category, so it gets no page`);
    }
  });

  // Team members under /team/, shown members only.
  const teamRoot = ROOT_SLUGS.team;
  const teamParent = parentOf("team");
  const team = byOrder(business.team);
  const memberSlugs = uniqueSlugs(team.map(({ record }) => record.name));
  team.forEach(({ record: member, index }, position) => {
    if (!member.show) return;
    const slug = memberSlugs[position];
    const path = `/${teamRoot}/${slug ? `${slug}/` : ""}`;
    addGenerated(
      {
        path,
        template: "team-member",
        context: {
          id: member.id,
          title: member.name,
          navigationOrder: position,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          ...teamParent,
          canonicalPath: path,
          memberId: member.id,
        },
      },
      `team[${index}] ${quote(member.name)} (id ${member.id})`,
      teamRoot,
      slug === "" ? "its name gives an empty slug" : `its slug ${quote(slug)} ends with the root slug`,
    );
  });

  // Locations under /locations/.
  const locationsRoot = ROOT_SLUGS.locations;
  const locationsParent = parentOf("contact");
  const sources = business.locations.map((location) => locationSlugSource(location, business.locations));
  const locationSlugList = uniqueSlugs(sources);
  business.locations.forEach((location, index) => {
    const slug = locationSlugList[index];
    const path = `/${locationsRoot}/${slug ? `${slug}/` : ""}`;
    const title = location.name || (sources[index] === location.city ? location.city : `${location.city}, ${location.street}`);
    addGenerated(
      {
        path,
        template: "location",
        context: {
          id: location.id,
          title,
          navigationOrder: index,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          ...locationsParent,
          canonicalPath: path,
          locationId: location.id,
        },
      },
      `locations[${index}] ${quote(title)} (id ${location.id})`,
      locationsRoot,
      slug === "" ? `its ${location.name ? "name" : "city"} gives an empty slug` : `its slug ${quote(slug)} ends with the root slug`,
    );
  });

  // Blog posts under the blog page, newest first. They carry no parent page: a blog grows by the week,
  // so the menu links the blog and the blog links its posts, as a category page does its items.
  if (posts.length > 0 && !blog) {
    warnings.push(`blogPosts: ${posts.length} post(s) but no website page of type "blog" to publish them under; add one to pages (pageType "blog") to build the blog`);
  } else if (blog) {
    posts.forEach((post, index) => {
      if (postSlugs[index] === "") {
        warnings.push(`blogPosts[${index}] ${quote(post.title)} (id ${post.id}): its title gives an empty slug and it has no slug of its own, so its page would be ${blog!.path}; no page created`);
      }
    });
    publishedPosts.forEach((index, position) => {
      const post = posts[index];
      const owner = `blogPosts[${index}] ${quote(post.title)} (id ${post.id})`;
      const path = `${blog!.path}${postSlugs[index]}/`;
      add(
        {
          path,
          template: "blog-post",
          context: {
            id: post.id,
            title: post.title,
            navigationOrder: position,
            navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
            canonicalPath: path,
            postId: post.id,
            blogPath: blog!.path,
          },
        },
        owner,
      );
    });
  }

  // The reservation page (issue 8), under the contact page like the locations.
  if (hasReservationPage({ type: business.type ?? "", bookingUrl: business.bookingUrl, locations: business.locations })) {
    const path = pathFromSlug(RESERVATIONS_SLUG);
    add(
      {
        path,
        template: "reservations",
        context: {
          id: "reservations",
          title: reservationPageTitle(business.type ?? ""),
          navigationOrder: business.locations.length,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          ...locationsParent,
          canonicalPath: path,
        },
      },
      "the reservation page",
    );
  }

  return { pages, warnings };
}
