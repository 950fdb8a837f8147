import type { GatsbyNode } from "gatsby";
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import { blogPostingJsonLd, jsonLdText, localBusinessJsonLd, navigationListJsonLd, offerJsonLd, type ImageRecord, type JsonLd } from "@mainstreet/rules/site/structured-data";
import { joinUrl } from "@mainstreet/rules/site/canonical";
import { phoneE164 } from "@mainstreet/rules/business/phone";
import type { MainstreetImage } from "../data/node-shapes";

/**
 * Structured data is the same for every visitor of a build, so it is written at build time as the text of
 * each JSON-LD script: the browser bundle carries neither the structured-data rules nor the inputs they
 * read (every location's hours, the website pages). Image urls are the published files' urls, resolved by
 * gatsby-source-filesystem's own `publicURL` field (which also copies the file into public/static/).
 */

interface NodeModel {
  findOne(args: { type: string; query?: unknown }): Promise<Record<string, unknown> | null>;
  findAll(args: { type: string; query?: unknown }): Promise<{ entries: Iterable<Record<string, unknown>> }>;
}

interface ResolverContext {
  nodeModel: NodeModel;
}

type ImageField = Pick<MainstreetImage, "src"> | null | undefined;

/** Resolves a business-data image (its `src`, relative to the data file) to the published url, or null. */
function imageResolver(context: ResolverContext, info: GraphQLResolveInfo) {
  const fileType = info.schema.getType("File") as GraphQLObjectType | undefined;
  const publicUrlField = fileType?.getFields().publicURL;
  return async (image: ImageField): Promise<string | null> => {
    if (!image?.src || !publicUrlField?.resolve) return null;
    const file = await context.nodeModel.findOne({ type: "File", query: { filter: { relativePath: { eq: image.src } } } });
    if (!file) return null;
    const url: unknown = await publicUrlField.resolve(file, {}, context, info);
    return typeof url === "string" ? url : null;
  };
}

/** The image as the rules take it: its published url, or nothing (never the data file's own path). */
async function published(image: ImageField, resolve: (image: ImageField) => Promise<string | null>): Promise<ImageRecord> {
  return { publicURL: await resolve(image) };
}

const byPublicUrl = (record: ImageRecord) => record.publicURL ?? null;

type Node = Record<string, unknown>;
type ImageResolve = ReturnType<typeof imageResolver>;

/**
 * A field of an item or post node: the one JSON-LD block of its page at `url`, built from the node and the
 * business with images resolved to their published urls, as its script's text.
 */
function pageBlockField(description: string, build: (node: Node, url: string, business: Node | null, resolve: ImageResolve) => Promise<JsonLd>) {
  return {
    type: "String!",
    args: { url: "String!" },
    description,
    async resolve(node: Node, args: { url: string }, context: ResolverContext, info: GraphQLResolveInfo) {
      const business = await context.nodeModel.findOne({ type: "MainstreetBusiness" });
      return jsonLdText(await build(node, args.url, business, imageResolver(context, info)));
    },
  };
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: create }) => {
  create({
    MainstreetBusiness: {
      structuredData: {
        type: "[String!]!",
        description: "The JSON-LD every page carries (LocalBusiness, the navigation list), each block as its script's text.",
        async resolve(business: Record<string, unknown>, _args: unknown, context: ResolverContext, info: GraphQLResolveInfo) {
          const siteUrl = business.siteUrl as string;
          const { entries } = await context.nodeModel.findAll({ type: "MainstreetLocation" });
          const locations = [...entries].sort((a, b) => (a.order as number) - (b.order as number));
          const resolve = imageResolver(context, info);
          const logo = await published(business.logo as ImageField, resolve);
          const heroImage = await published(business.heroImage as ImageField, resolve);
          const images = await Promise.all(((business.images as ImageField[]) ?? []).map((image) => published(image, resolve)));
          const localBusiness = localBusinessJsonLd(
            {
              id: business.businessId as string,
              name: business.name as string,
              type: business.type as string,
              categories: business.categories as string[],
              subCategory: business.subCategory as string | null,
              description: business.description as string | null,
              logo,
              heroImage,
              images,
              socialMedia: business.socialMedia as { link: string }[],
              locations: locations.map((location) => ({
                ...location,
                id: location.locationId as string,
                // E.164, the form a search engine reads without knowing the location's country.
                phone: phoneE164(location.phone as string | undefined, location.country as string) ?? (location.phone as string | undefined),
                url: location.path ? joinUrl(siteUrl, location.path as string) : undefined,
              })),
            },
            { siteUrl, imageUrl: byPublicUrl },
          );
          const navigation = business.navigation as Navigation;
          return [jsonLdText(localBusiness), jsonLdText(navigationListJsonLd(navigation.all, siteUrl))];
        },
      },
    },
    MainstreetMenuItem: {
      offerStructuredData: pageBlockField("The item page's MenuItem or Service block with its offers, as its script's text.", async (item, url, business, resolve) =>
        offerJsonLd(
          {
            name: item.name as string,
            description: item.description as string | null,
            image: await published(item.image as ImageField, resolve),
            available: item.available as boolean,
            variations: item.variations as { name?: string | null; priceCents: number; available?: boolean | null }[],
          },
          {
            siteUrl: business?.siteUrl as string,
            url,
            businessType: business?.type as string,
            currency: (business?.ordering as { currency?: string } | undefined)?.currency,
            imageUrl: byPublicUrl,
          },
        ),
      ),
    },
    MainstreetBlogPost: {
      structuredData: pageBlockField("The post page's BlogPosting block, as its script's text.", async (post, url, business, resolve) =>
        blogPostingJsonLd(
          {
            title: post.title as string,
            summary: post.summary as string | null,
            author: post.author as string | null,
            datePublished: post.publishedAt as string,
            image: await published(post.heroImage as ImageField, resolve),
            url,
          },
          {
            siteUrl: business?.siteUrl as string,
            publisher: { name: business?.name as string, logo: await published(business?.logo as ImageField, resolve) },
            inLanguage: business?.locale as string,
            imageUrl: byPublicUrl,
          },
        ),
      ),
    },
  });
};
