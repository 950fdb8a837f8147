import type { GraphQLResolveInfo } from "graphql";
import { blogPostingJsonLd, jsonLdText, offerJsonLd } from "@mainstreet/rules/site/structured-data";
import { createResolvers } from "../structured-data-resolvers";

type Resolve = (node: Record<string, unknown>, args: { url: string }, context: unknown, info: GraphQLResolveInfo) => Promise<unknown>;
type Field = { type: string; args?: Record<string, string>; resolve: Resolve };

/** The resolvers as createResolvers registers them, by type and field. */
function registered(): Record<string, Record<string, Field>> {
  let resolvers: Record<string, Record<string, Field>> = {};
  const create = (value: typeof resolvers) => {
    resolvers = value;
  };
  (createResolvers as unknown as (args: { createResolvers: typeof create }) => void)({ createResolvers: create });
  return resolvers;
}

const business = { name: "Trattoria", type: "restaurant", siteUrl: "https://trattoria.example", locale: "it-IT", ordering: { currency: "EUR" }, logo: { src: "images/logo.png" } };
const files: Record<string, string> = { "images/logo.png": "/static/abc/logo.png", "images/pizza.jpg": "/static/def/pizza.jpg" };

/** A node model holding the business and the image files, and a schema whose File.publicURL is the file's published url. */
const context = {
  nodeModel: {
    findOne: async ({ type, query }: { type: string; query?: { filter: { relativePath: { eq: string } } } }) => {
      if (type === "MainstreetBusiness") return business;
      const src = query?.filter.relativePath.eq ?? "";
      return type === "File" && files[src] ? { relativePath: src } : null;
    },
    findAll: async () => ({ entries: [] }),
  },
};
const info = {
  schema: { getType: (name: string) => (name === "File" ? { getFields: () => ({ publicURL: { resolve: (file: { relativePath: string }) => files[file.relativePath] } }) } : undefined) },
} as unknown as GraphQLResolveInfo;

const byPublicUrl = (record: { publicURL?: string | null }) => record.publicURL ?? null;

describe("structured data written at build time (item and post pages)", () => {
  const resolvers = registered();

  it("an item page's field takes the page's url and writes its offer with the published image and the business's currency", async () => {
    const item = { name: "Margherita", description: "Tomato, basil", available: true, image: { src: "images/pizza.jpg" }, variations: [{ name: "Small", priceCents: 1250 }] };
    const field = resolvers.MainstreetMenuItem.offerStructuredData;
    expect(field).toMatchObject({ type: "String!", args: { url: "String!" } });
    const text = await field.resolve(item, { url: "/menu/pizza/margherita/" }, context, info);
    const expected = offerJsonLd(
      { name: "Margherita", description: "Tomato, basil", image: { publicURL: "/static/def/pizza.jpg" }, available: true, variations: item.variations },
      { siteUrl: business.siteUrl, url: "/menu/pizza/margherita/", businessType: "restaurant", currency: "EUR", imageUrl: byPublicUrl },
    );
    expect(text).toBe(jsonLdText(expected));
    expect(text).toContain("/static/def/pizza.jpg");
  });

  it("a post page's field writes its BlogPosting with the business as publisher and its logo's published url", async () => {
    const post = { title: "Spring menu", summary: "New dishes", author: null, publishedAt: "2026-03-14T09:30:00+01:00", heroImage: { src: "images/missing.jpg" } };
    const field = resolvers.MainstreetBlogPost.structuredData;
    expect(field).toMatchObject({ type: "String!", args: { url: "String!" } });
    const text = await field.resolve(post, { url: "https://trattoria.example/journal/spring-menu/" }, context, info);
    const expected = blogPostingJsonLd(
      { title: "Spring menu", summary: "New dishes", author: null, datePublished: post.publishedAt, image: { publicURL: null }, url: "https://trattoria.example/journal/spring-menu/" },
      { siteUrl: business.siteUrl, publisher: { name: "Trattoria", logo: { publicURL: "/static/abc/logo.png" } }, inLanguage: "it-IT", imageUrl: byPublicUrl },
    );
    expect(text).toBe(jsonLdText(expected));
    expect(text).toContain("/static/abc/logo.png");
  });
});
