/**
 * The GraphQL types of the core's nodes, printed from one table per node. Each table is checked by the
 * compiler against the node's type in node-shapes.ts: every field has an entry, no entry names a field
 * the node lacks, and the GraphQL type agrees with the TypeScript one (text is String, a flag Boolean,
 * an optional field nullable…). Types are declared explicitly (no inference) so every query works for a
 * business that has no team, no menu or no announcement.
 */
import type { BlogPostNode, BusinessNode, MainstreetImage, LocationNode, MenuCategoryNode, MenuItemNode, ModifierNode, ModifierSetNode, PageNode, PlannedPageNode, TeamMemberNode } from "../data/node-shapes";

type Nullable<T> = undefined extends T ? true : null extends T ? true : false;
type Scalar<T> = [T] extends [string] ? "String" : [T] extends [number] ? "Int" | "Float" : [T] extends [boolean] ? "Boolean" : never;
/** A type the core declares itself, or Gatsby's File. */
type Named = `Mainstreet${string}` | "File";
type ListOf<E> = [Scalar<E>] extends [never] ? `[${Named}!]` : `[${Scalar<E>}!]`;
type Base<T> = "JSON" | ([T] extends [readonly (infer E)[]] ? ListOf<E> : [Scalar<T>] extends [never] ? Named : Scalar<T>);
type GraphqlType<T> = Nullable<T> extends true ? Base<NonNullable<T>> : `${Base<T>}!`;

/** A field's GraphQL type, with a description and directives when it needs them. */
type FieldSpec<Type extends string> = Type | { type: Type; description?: string; directives?: string };
type Fields<Node> = { [K in keyof Node]-?: FieldSpec<GraphqlType<Node[K]>> };

interface TypeSpec {
  name: string;
  description?: string;
  /** A node type (implements Node, no inference); false for a type nested in one. */
  node: boolean;
  fields: Record<string, FieldSpec<string>>;
  /** Fields resolved by Gatsby from other nodes (@link): they are not in the node's data. */
  links?: Record<string, string>;
}

const imageFields = {
  src: "String!",
  alt: "String!",
  caption: "String",
  file: { type: "File", directives: '@link(by: "relativePath", from: "src")' },
} satisfies Fields<MainstreetImage>;

const businessFields = {
  businessId: "String!",
  type: "String!",
  name: "String!",
  description: "String",
  categories: "[String!]!",
  subCategory: "String",
  url: "String",
  logo: "MainstreetImage",
  heroImage: "MainstreetImage",
  images: "[MainstreetImage!]!",
  socialMedia: "JSON!",
  domains: "JSON!",
  brandIdentity: "JSON",
  bookingUrl: "String",
  announcement: {
    type: "JSON",
    description: "The announcement with its timed-element settings resolved: startAt and endAt in epoch ms instead of the data's local startTime, endTime and timezone.",
  },
  ordering: "JSON!",
  navigation: {
    type: "JSON!",
    description: "The navigation tree (@mainstreet/rules/site/navigation siteNavigation): links with their resolved targets and child pages in groups, built once here instead of in every visitor's browser.",
  },
  bookingTarget: { type: "JSON", description: "Where Book Now goes (@mainstreet/rules/booking/booking bookingTarget): { href, external }, or null for no button." },
  locale: { type: "String!", description: "BCP 47 tag the site is written in: the document's lang, and how prices, dates and times are formatted." },
  currency: { type: "String!", description: "ISO 4217 code of every price (ordering.currency): the minor units every priceCents counts." },
  siteUrl: "String!",
  recipe: "String!",
  recipeStyle: {
    type: "String!",
    description: "The recipe's design tokens as one :root rule of CSS custom properties, the business's brand colour worked into the AA-checked palette (recipe-tokens.ts); every page's head carries it.",
  },
  recipeFonts: {
    type: "JSON!",
    description: "The recipe's web fonts as published (@mainstreet/rules/site/recipe-fonts WebFontFace: family, url, weight, unicodeRange), whose loader the build writes into every page's head (html-output.ts withFontLoader, node/font-loader.ts): the fonts load after the first paint.",
  },
  apiBase: "String!",
  gtmId: "String",
  providerBrand: "String!",
  brandCode: "String!",
  bannerColor: "String!",
  dataRevision: { type: "Int", description: "The revision of the business data this build is made from (a publish's), else null: the live facts are read in full only when theirs differs (layout/use-live-facts.ts)." },
} satisfies Fields<BusinessNode>;

const locationFields = {
  locationId: "String!",
  primaryLocation: "Boolean!",
  order: "Int!",
  name: "String",
  path: "String",
  street: "String!",
  city: "String!",
  state: "String!",
  zip: "String!",
  country: "String!",
  latitude: "Float",
  longitude: "Float",
  phone: { type: "String", description: "The number in the national format of the location's country (international for another country's)." },
  phoneHref: { type: "String", description: "The number's tel: link in E.164." },
  email: "String",
  hours: "JSON!",
  specialHours: { type: "JSON!", description: "Dated overrides of the hours (holiday closures, changed hours) from the build's date on." },
  timezone: "String!",
  openSchedule: {
    type: "JSON!",
    description: "The hours, special hours included, expanded into instants around the build (open-status-core.ts OpenSchedule), so the browser tells open from closed without luxon.",
  },
  link: "JSON",
  actions: "JSON!",
  orderingEnabled: "Boolean!",
  pickupEnabled: "Boolean!",
  delivery: "JSON!",
  orderTimes: { type: "JSON!", description: "Preparation minutes, days ahead and orders per 15-minute slot of online orders (ready-times.ts)." },
  taxRateBps: "Int!",
  reservations: "JSON!",
  appointments: { type: "JSON!", description: "Appointment settings: enabled, stepMinutes, leadMinutes, daysAhead, cancellationHours (business-data.md Appointments)." },
  contactEmails: "[String!]!",
} satisfies Fields<LocationNode>;

const pageFields = {
  pageId: "String!",
  title: "String!",
  pageType: "String!",
  slug: "String!",
  url: "String",
  path: "String",
  groupName: "String",
  navigationPriority: "Float!",
  navigationOrder: "Float!",
  navigationGroup: "String",
  navigationGroupOrder: "Float!",
  props: "String",
  as: "String",
  className: "String",
  seoTitle: "String",
  seoDescription: "String",
  components: "JSON!",
} satisfies Fields<PageNode>;

const plannedPageFields = {
  path: "String!",
  template: "String!",
  title: "String!",
  pageId: "String!",
  navigationOrder: "Float!",
  navigationGroup: "String",
  navigationGroupOrder: "Float!",
  parentPageId: "String",
  parentPageType: "String",
} satisfies Fields<PlannedPageNode>;

const menuCategoryFields = {
  categoryId: "String!",
  name: "String!",
  description: "String",
  order: "Float!",
  path: "String",
  schedule: "JSON",
  interactions: { type: "JSON!", description: "Each with its href: the address its button opens, worked out at build (null: no button)." },
  itemIds: "[String!]!",
} satisfies Fields<MenuCategoryNode>;

const menuItemFields = {
  itemId: "String!",
  name: "String!",
  description: "String",
  image: "MainstreetImage",
  variations: { type: "JSON!", description: "Each with its priceText: its price as the site writes it, worked out at build." },
  priceText: { type: "String!", description: "The price as the card and the page write it (one price, or the range), in the business's locale and currency." },
  modifierSetIds: "[String!]!",
  available: "Boolean!",
  visible: "Boolean!",
  order: "Float!",
  interactions: { type: "JSON!", description: "Each with its href: the address its button opens, worked out at build (null: no button)." },
  bookHref: { type: "String", description: "The booking flow with this service chosen (Book this), or null." },
  likeCount: "Int!",
  path: "String",
  categoryIds: "[String!]!",
} satisfies Fields<MenuItemNode>;

const modifierSetFields = {
  setId: "String!",
  name: "String!",
  description: "String",
  modifierIds: "[String!]!",
  minAllowed: "Int!",
  maxAllowed: "Int",
} satisfies Fields<ModifierSetNode>;

const modifierFields = {
  modifierId: "String!",
  name: "String!",
  priceCents: "Int!",
  available: "Boolean!",
} satisfies Fields<ModifierNode>;

const blogPostFields = {
  postId: "String!",
  title: "String!",
  author: "String",
  summary: "String",
  content: { type: "String", description: "The body in the blog's small Markdown (docs/business-data.md), rendered as elements, never as HTML." },
  heroImage: "MainstreetImage",
  publishedAt: { type: "String!", description: "When it was published, ISO 8601 at the business's offset (structured data's datePublished)." },
  publishedDate: { type: "String!", description: "The local date it was published, YYYY-MM-DD, in the business's zone." },
  publishedLabel: { type: "String!", description: "That date as the site writes it, in the business's locale: 14 March 2025, 2025年3月14日." },
  position: { type: "Int!", description: "0 is the newest post." },
  path: "String!",
  newerPostId: "String",
  olderPostId: "String",
} satisfies Fields<BlogPostNode>;

const teamMemberFields = {
  memberId: "String!",
  name: "String!",
  show: "Boolean!",
  role: "String",
  bio: "String",
  image: "MainstreetImage",
  specialties: "[String!]!",
  order: "Float!",
  path: "String",
  serviceIds: { type: "[String!]!", description: "Menu item and category ids the member can be booked for (booking/staff.ts staffFor)." },
  locationIds: { type: "[String!]!", description: "Ids of the locations the member works at; empty: every location." },
  hours: { type: "JSON!", description: "Working ranges per weekday and location ({ locationId, day, open, close } in HHMM); empty: whenever their locations are open." },
} satisfies Fields<TeamMemberNode>;

const TYPE_SPECS: readonly TypeSpec[] = [
  { name: "MainstreetImage", node: false, fields: imageFields },
  { name: "MainstreetBusiness", node: true, fields: businessFields },
  { name: "MainstreetLocation", node: true, fields: locationFields },
  { name: "MainstreetPage", node: true, fields: pageFields },
  { name: "MainstreetPlannedPage", node: true, fields: plannedPageFields },
  {
    name: "MainstreetMenuCategory",
    node: true,
    fields: menuCategoryFields,
    links: { items: '[MainstreetMenuItem!]! @link(by: "itemId", from: "itemIds")' },
  },
  {
    name: "MainstreetMenuItem",
    node: true,
    fields: menuItemFields,
    links: { categories: '[MainstreetMenuCategory!]! @link(by: "categoryId", from: "categoryIds")' },
  },
  {
    name: "MainstreetModifierSet",
    node: true,
    fields: modifierSetFields,
    links: { modifiers: '[MainstreetModifier!]! @link(by: "modifierId", from: "modifierIds")' },
  },
  { name: "MainstreetModifier", node: true, fields: modifierFields },
  {
    name: "MainstreetBlogPost",
    description: "A blog post (SPEC §3) that has a page; the index lists them by position, newest first.",
    node: true,
    fields: blogPostFields,
    links: {
      newer: 'MainstreetBlogPost @link(by: "postId", from: "newerPostId")',
      older: 'MainstreetBlogPost @link(by: "postId", from: "olderPostId")',
    },
  },
  { name: "MainstreetTeamMember", node: true, fields: teamMemberFields },
];

const described = (description: string | undefined, indent: string) => (description ? `${indent}${JSON.stringify(description)}\n` : "");

function printField(name: string, spec: TypeSpec["fields"][string]): string {
  if (typeof spec === "string") return `  ${name}: ${spec}\n`;
  return `${described(spec.description, "  ")}  ${name}: ${spec.type}${spec.directives ? ` ${spec.directives}` : ""}\n`;
}

function printType(spec: TypeSpec): string {
  const fields = Object.entries(spec.fields).map(([name, field]) => printField(name, field));
  const links = Object.entries(spec.links ?? {}).map(([name, type]) => `  ${name}: ${type}\n`);
  const head = spec.node ? `type ${spec.name} implements Node @dontInfer` : `type ${spec.name}`;
  return `${described(spec.description, "")}${head} {\n${[...fields, ...links].join("")}}\n`;
}

/** The type definitions createSchemaCustomization hands to Gatsby. */
export const typeDefs = TYPE_SPECS.map(printType).join("\n");
