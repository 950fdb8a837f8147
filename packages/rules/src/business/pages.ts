/** Website pages and navigation links, with the components placed on them. */
import { z } from "zod";
import { idFields, ImagePathSchema, OptionalText, SLUG_PATTERN, text, WebUrlSchema } from "./fields";
import { expected, fieldList, pickId, record, remember } from "./record";

export const PageFileSchema = record("a page-component file", { id: "PageFile", description: "A file used by a page component (SPEC \u00a73 page components)." }, {
  ...idFields,
  description: OptionalText.describe("What the file is for."),
  altText: text("alt text describing the file").describe("Alternative text for the image."),
  file: ImagePathSchema.describe("Image path relative to business.json."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember({ id, description: v.description, altText: v.altText, file: v.file }, { id: key });
});

export const ContentNodeSchema = record("a content node", { id: "ContentNode", description: "A piece of text used by a page component." }, {
  name: OptionalText.describe("Which slot the text fills, e.g. \"title\" or \"body\"."),
  content: z.string(expected("text content (markdown allowed)")).describe("The text; markdown is allowed."),
});

export const PageComponentSchema = record("a page component", { id: "PageComponent", description: "A component placed on a website page, with its files and text." }, {
  fastId: text("a component instance id as non-empty text").describe("Id of this component instance on the page."),
  componentIdentifier: text('a component identifier like "hero" or "about"').describe("Which component it is, e.g. \"hero\" or \"about\"."),
  files: z.array(PageFileSchema, expected("a list of files")).prefault([]).describe("Images the component shows."),
  contentNodes: z.array(ContentNodeSchema, expected("a list of content nodes")).prefault([]).describe("Texts the component shows."),
});
export type PageComponent = z.output<typeof PageComponentSchema>;

export const PAGE_TYPES = ["home", "about", "contact", "products", "services", "team", "work-with-us", "blog", "External"] as const;

const PropsJsonSchema = z.string(expected("a JSON object as a string, like '{\"as\":\"Button\"}'")).refine((value) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}, expected("a JSON object as a string, like '{\"as\":\"Button\"}'"));

export const WebsitePageSchema = record("a website page", { id: "WebsitePage", description: "A page of the website or a navigation link (SPEC \u00a73 website page)." }, {
  ...idFields,
  title: text("a page title as non-empty text").describe("Title in the navigation and the page heading."),
  pageType: z.enum(PAGE_TYPES, expected(`one of ${fieldList(PAGE_TYPES)}`)).describe("Which template renders the page; External pages are links only."),
  slug: z
    .string(expected("a slug"))
    .trim()
    .transform((slug) => slug.replace(/^\/+|\/+$/g, ""))
    .optional()
    .describe("Path without leading/trailing slash; defaults to the page type (\"\" for home). Ignored for External pages."),
  url: WebUrlSchema.optional().describe("Target of an External page; https:// is added when it has no http prefix."),
  groupName: OptionalText.describe("Optional group label."),
  navigationPriority: z.number(expected("a number")).default(0).describe("Sort key of the build-time page list (lower first)."),
  navigationOrder: z.number(expected("a number")).default(-1).describe("Position in the navigation (-1 = unordered)."),
  navigationGroup: OptionalText.describe("Navigation group the page is listed under."),
  navigationGroupOrder: z.number(expected("a number")).default(-1).describe("Position of the page within its group (-1 = unordered)."),
  props: PropsJsonSchema.optional().describe("JSON object merged into the navigation link; {\"as\":\"Button\"} makes a button-style link."),
  as: OptionalText.describe("Display style of the navigation link, e.g. \"Button\"."),
  className: OptionalText.describe("Extra CSS class for the navigation link."),
  seo: record("page SEO settings", { id: "PageSeo", description: "Search-engine settings of a page." }, { title: OptionalText.describe("Title for search results; defaults to the page title."), description: OptionalText.describe("Meta description.") }).optional().describe("Search-engine title and description."),
  components: z.array(PageComponentSchema, expected("a list of page components")).prefault([]).describe("Components placed on the page."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  const external = v.pageType === "External";
  if (external && !v.url) {
    ctx.addIssue({ code: "custom", path: ["url"], message: "expected a url for an External page", input: undefined });
  }
  if (!external && v.url) {
    ctx.addIssue({ code: "custom", path: ["url"], message: 'expected no url on a page that is not External (use "slug")', input: v.url });
  }
  const slug = external ? "" : (v.slug ?? (v.pageType === "home" ? "" : v.pageType));
  if (!external && v.pageType !== "home" && !SLUG_PATTERN.test(slug)) {
    ctx.addIssue({
      code: "custom",
      path: ["slug"],
      message: 'expected a lower-case slug of letters, digits, hyphens and slashes like "our-services"',
      input: v.slug,
    });
  }
  if (v.pageType === "home" && slug !== "" && !SLUG_PATTERN.test(slug)) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: 'expected "" or a lower-case slug for the home page', input: v.slug });
  }
  return remember(
    {
      id,
      title: v.title,
      pageType: v.pageType,
      slug,
      url: v.url,
      groupName: v.groupName || undefined,
      navigationPriority: v.navigationPriority,
      navigationOrder: v.navigationOrder,
      navigationGroup: v.navigationGroup || undefined,
      navigationGroupOrder: v.navigationGroupOrder,
      props: v.props,
      as: v.as || undefined,
      className: v.className || undefined,
      seo: { title: v.seo?.title || undefined, description: v.seo?.description || undefined },
      components: v.components,
    },
    { id: key },
  );
});
export type WebsitePage = z.output<typeof WebsitePageSchema>;
