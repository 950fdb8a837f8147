/** The shapes of the page plan: what it reads from a business and what it gives gatsby-node. */
import type { BlogPostInput } from "../blog";
import type { ReservationSettings } from "../../booking/booking";

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
  "appointments",
  "appointment-manage",
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

/** Every page of a site, and one line per record that could not get the page it asked for. */
export interface PagePlan {
  pages: PageSpec[];
  warnings: string[];
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
  locations: readonly { id: string; name?: string; city: string; street: string; reservations?: ReservationSettings; appointments?: { enabled: boolean }; primaryLocation?: boolean; timezone?: string }[];
  /** Blog posts (SPEC §3), published under the business's one blog page; dates are read in the primary location's zone. */
  blogPosts?: readonly BlogPostInput[];
  /** Business type and booking link decide whether the site has its own reservation page. */
  type?: string;
  bookingUrl?: string;
  /** Online ordering (SPEC §7 order calls): the checkout and order confirmation pages exist only when enabled. */
  ordering?: { enabled: boolean };
}

export type WebsitePage = PlanInput["pages"][number];

export const DEFAULT_NAVIGATION_ORDER = -1;
