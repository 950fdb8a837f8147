/**
 * The shape of every node the core creates, written once in terms of the business schema's inferred
 * types (@mainstreet/rules/business/schema). gatsby-nodes.ts builds nodes of these types, type-defs.ts
 * declares them to GraphQL from a table checked against them, and the templates and hooks type their
 * query results as picks of them, so a field added to the schema reaches all three through the compiler.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { Announcement, BlogPost, Business, ImageRef, Location, MenuCategory, MenuItem, Modifier, ModifierSet, TeamMember, WebsitePage } from "@mainstreet/rules/business/schema";
import type { BookingTarget } from "@mainstreet/rules/booking/booking";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import type { OpenSchedule } from "@mainstreet/rules/hours/open-status-core";
import type { WebFontFace } from "@mainstreet/rules/site/recipe-fonts";
import type { PageSpec } from "@mainstreet/rules/site/page-plan";
import type { SiteConfig } from "@mainstreet/rules/business/site-config";
import type { TimedElementSettings } from "@mainstreet/rules/site/timed-element-state";

type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/**
 * A node as a query returns it: a field the data leaves out comes back as null, so an optional field
 * reads as `?: T | null`; required fields stay as they are.
 */
export type Queried<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & { [K in OptionalKeys<T>]?: Exclude<T[K], undefined> | null };

/** The File node an image links to: what sharp made of it, or its published address. */
interface ImageFile {
  publicURL?: string | null;
  childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null;
}

/** An image as every node carries it (GraphQL MainstreetImage): the data's file path as `src`, which links its File node. */
export type MainstreetImage = Queried<Omit<ImageRef, "file">> & { src: ImageRef["file"]; file?: ImageFile | null };

export type AnnouncementNode = Omit<Announcement, "link" | "settings"> & {
  link: (NonNullable<Announcement["link"]> & { href: string; internal: boolean }) | null;
  /** The window as instants (resolveTimedElementSettings). */
  settings: TimedElementSettings;
  /** Whether the window was open at build, so every page's HTML holds its place. */
  holdsPlace: boolean;
};

type BusinessFields = "type" | "name" | "description" | "categories" | "subCategory" | "url" | "socialMedia" | "domains" | "bookingUrl" | "locale" | "ordering";

export type BusinessNode = Pick<Business, BusinessFields> &
  Pick<SiteConfig, "apiBase" | "gtmId" | "providerBrand" | "brandCode" | "bannerColor" | "dataRevision"> & {
    businessId: string;
    logo: MainstreetImage | null;
    heroImage: MainstreetImage | null;
    images: MainstreetImage[];
    brandIdentity: Business["brandIdentity"] | null;
    announcement: AnnouncementNode | null;
    navigation: Navigation;
    bookingTarget: BookingTarget | null;
    currency: string;
    siteUrl: string;
    recipe: string;
    recipeStyle: string;
    recipeFonts: WebFontFace[];
  };

export type LocationNode = Omit<Location, "id"> & {
  locationId: string;
  /** Position in the data. */
  order: number;
  path: string | undefined;
  phoneHref: string | null;
  openSchedule: OpenSchedule;
};

export type PageNode = Omit<WebsitePage, "id" | "seo"> & {
  pageId: string;
  path: string | null;
  seoTitle: string | undefined;
  seoDescription: string | undefined;
};

export type PlannedPageNode = {
  path: PageSpec["path"];
  template: PageSpec["template"];
  title: string;
  pageId: string;
  navigationOrder: number;
  navigationGroup: string | undefined;
  navigationGroupOrder: number;
  parentPageId: string | undefined;
  parentPageType: string | undefined;
};

/** A data interaction with the address its button opens, worked out at build; null when it has none. */
type InteractionNode = MenuItem["interactions"][number] & { href: string | null };

export type MenuCategoryNode = Omit<MenuCategory, "id" | "interactions"> & { categoryId: string; path: string | undefined; interactions: InteractionNode[] };

type VariationNode = MenuItem["variations"][number] & { priceText: string };

export type MenuItemNode = Omit<MenuItem, "id" | "image" | "variations" | "interactions"> & {
  itemId: string;
  interactions: InteractionNode[];
  /** The booking flow with this service chosen ("Book this"), or null. */
  bookHref: string | null;
  image: MainstreetImage | null;
  variations: VariationNode[];
  priceText: string;
  path: string | undefined;
  categoryIds: string[];
};

export type ModifierSetNode = Omit<ModifierSet, "id"> & { setId: string };

export type ModifierNode = Omit<Modifier, "id"> & { modifierId: string };

export type BlogPostNode = Pick<BlogPost, "title" | "author" | "summary" | "content"> & {
  postId: string;
  heroImage: MainstreetImage | null;
  publishedAt: string;
  publishedDate: string;
  publishedLabel: string;
  position: number;
  path: string;
  newerPostId: string | null;
  olderPostId: string | null;
};

export type TeamMemberNode = Omit<TeamMember, "id" | "image" | "timeOff"> & { memberId: string; image: MainstreetImage | null; path: string | undefined };

/** The business as a query returns it; each page picks the fields its query asks for. */
export type QueriedBusiness = Queried<BusinessNode>;

/** A location as a query returns it; each reader (layout, forms, ordering, location card) picks the fields it asks for. */
export type QueriedLocation = Queried<LocationNode>;
