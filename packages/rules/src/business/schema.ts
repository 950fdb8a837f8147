/**
 * The business data contract (SPEC §3): one JSON document per business, written by merchants'
 * business-management exports, validated once at the door and normalised into the shapes the site,
 * the page plan and the API service read.
 *
 * Input accepts the SPEC aliases (`_id`/`id`, `zip`/`zipCode`, `phone`/`phoneNumber`, prices as numbers
 * or strings); output always has one spelling (`id`, `zip`, `phone`, `priceCents`).
 *
 * Every custom message starts with "expected …" so format-issues.ts can append ", got <found>" and
 * produce one line per problem. Objects are strict so a misspelled key is reported, not ignored.
 */
import { z } from "zod";
import { canonicalLocale, DEFAULT_LOCALE } from "./locale";
import { BrandIdentitySchema, AnnouncementSchema, DomainSchema, SocialLinkSchema } from "./brand";
import { BlogPostSchema } from "./blog";
import { checkAppointments } from "./appointment-checks";
import { DEFAULT_RECIPE, RECIPES } from "./choices";
import { checkBookingUrls, checkOrderingLocations, checkPrimaries, checkRecordIds, checkSlugs, pricesInMinorUnits } from "./business-checks";
import { idFields, ImageRefSchema, OptionalText, text, WebUrlSchema } from "./fields";
import { LocationSchema } from "./locations";
import { MenuSchema } from "./menu";
import { OrderingSchema } from "./ordering";
import { WebsitePageSchema } from "./pages";
import { expected, fieldList, pickId, record, remember } from "./record";
import { TeamMemberSchema } from "./team";

export type { Announcement } from "./brand";
export type { BlogPost } from "./blog";
export type { ImageRef } from "./fields";
export type { Interaction } from "./interactions";
export type { MenuCategory, ModifierSet } from "./menu";
export type { PageComponent, WebsitePage } from "./pages";
export type { TeamMember } from "./team";

const LOCALE_EXPECTATION = 'a BCP 47 locale like "en-US", "de-DE" or "ja-JP"';

export { DEFAULT_RECIPE, RECIPES };
export const BUSINESS_TYPES = ["restaurant", "generic", "merchant"] as const;

const BusinessObjectSchema = record("a business", { id: "Business", description: "One business's data: the whole business.json." }, {
  $schema: z.string().optional().describe("Optional path to business-data.schema.json for editors."),
  ...idFields,
  type: z.enum(BUSINESS_TYPES, expected(`one of ${fieldList(BUSINESS_TYPES)}`)).describe("Business type; decides API paths (SPEC \u00a75) and wording."),
  name: text("the business name as non-empty text").describe("Business name, shown in titles and structured data."),
  leadSource: OptionalText.describe("Where the lead came from (provider bookkeeping)."),
  leadChannel: OptionalText.describe("Lead channel (provider bookkeeping)."),
  collectionMethod: OptionalText.describe("How the data was collected (provider bookkeeping)."),
  productType: OptionalText.describe("Provider product (bookkeeping)."),
  categories: z.array(text("a category as non-empty text"), expected('a list of categories like ["salon"]')).prefault([]).describe("Business categories; the first decides the structured-data type (rest \u2192 FoodEstablishment; spa, salon, hair \u2192 HealthAndBeautyBusiness)."),
  subCategory: OptionalText.describe("For restaurants: the cuisine, e.g. \"Italian\" (structured data servesCuisine)."),
  description: OptionalText.describe("Short description for the home page and search engines."),
  url: WebUrlSchema.optional().describe("The business's own website; https:// is added when missing."),
  logo: ImageRefSchema.optional().describe("Logo image."),
  heroImage: ImageRefSchema.optional().describe("Main image of the home page."),
  images: z.array(ImageRefSchema, expected("a list of images")).prefault([]).describe("Gallery images."),
  socialMedia: z.array(SocialLinkSchema, expected("a list of social links")).prefault([]).describe("Social network links."),
  domains: z.array(DomainSchema, expected("a list of domains")).prefault([]).describe("Web addresses of the site."),
  brandIdentity: BrandIdentitySchema.optional().describe("Brand colours and tagline."),
  recipe: z.enum(RECIPES, expected(`one of ${fieldList(RECIPES)}`)).default(DEFAULT_RECIPE).describe("Site recipe (theme); see README for the override."),
  locale: z
    .string(expected(LOCALE_EXPECTATION))
    .transform((tag, ctx) => {
      const canonical = canonicalLocale(tag);
      if (canonical === null) {
        ctx.addIssue({ code: "custom", message: `expected ${LOCALE_EXPECTATION}`, input: tag });
        return z.NEVER;
      }
      return canonical;
    })
    .prefault(DEFAULT_LOCALE)
    .describe('Language of the site as a BCP 47 tag, e.g. "en-US", "en-GB", "de-DE", "ja-JP": the page\'s lang, and how prices, dates and times are written (24-hour clocks where the locale uses them). Labels stay English.'),
  bookingUrl: WebUrlSchema.optional().describe("Booking link for Book Now buttons and BOOKING interactions without their own url."),
  locations: z.array(LocationSchema, expected("a list of locations")).min(1, expected("at least one location")).describe("At least one location."),
  menu: MenuSchema.prefault({}).describe("Services, menu or products."),
  team: z.array(TeamMemberSchema, expected("a list of team members")).prefault([]).describe("Team members."),
  pages: z.array(WebsitePageSchema, expected("a list of website pages")).prefault([]).describe("Website pages and navigation links."),
  blogPosts: z.array(BlogPostSchema, expected("a list of blog posts")).prefault([]).describe("Blog posts."),
  announcement: AnnouncementSchema.optional().describe("Optional announcement banner."),
  ordering: OrderingSchema.prefault({}).describe("Online ordering settings."),
});

/** The whole business document: cross-record rules run here, after every record is well-formed. */
export const BusinessSchema = BusinessObjectSchema.transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  checkRecordIds(ctx, v);
  const primaryIndex = checkPrimaries(ctx, v);
  checkSlugs(ctx, v);
  checkOrderingLocations(ctx, v);
  checkAppointments(ctx, v);
  const { items, modifiers, locations } = pricesInMinorUnits(ctx, v.ordering.currency, v.menu, v.locations);
  if (!v.bookingUrl) checkBookingUrls(ctx, v.menu);

  return remember(
    {
      id,
      type: v.type,
      name: v.name,
      leadSource: v.leadSource || undefined,
      leadChannel: v.leadChannel || undefined,
      collectionMethod: v.collectionMethod || undefined,
      productType: v.productType || undefined,
      categories: v.categories,
      subCategory: v.subCategory || undefined,
      description: v.description || undefined,
      url: v.url,
      logo: v.logo,
      heroImage: v.heroImage,
      images: v.images,
      socialMedia: v.socialMedia,
      domains: v.domains,
      brandIdentity: v.brandIdentity,
      recipe: v.recipe,
      bookingUrl: v.bookingUrl,
      locale: v.locale,
      locations: locations.map((location, index) => ({ ...location, primaryLocation: index === primaryIndex })),
      menu: { ...v.menu, items, modifiers },
      team: v.team,
      pages: v.pages,
      blogPosts: v.blogPosts,
      announcement: v.announcement,
      ordering: {
        enabled: v.ordering.enabled,
        merchantProduct: v.ordering.merchantProduct || id,
        currency: v.ordering.currency,
        tipPercentages: v.ordering.tipPercentages,
        defaultTipPercentage: v.ordering.defaultTipPercentage,
      },
    },
    { id: key },
  );
});

export type Business = z.output<typeof BusinessSchema>;
/** A location as the site and the service read it: the business's, with delivery prices in minor units. */
export type Location = Business["locations"][number];
/** A menu item as the site and the service read it: the business's, with prices in minor units. */
export type MenuItem = Business["menu"]["items"][number];
export type Menu = Business["menu"];
export type Variation = MenuItem["variations"][number];
export type Modifier = Menu["modifiers"][number];
export type Recipe = (typeof RECIPES)[number];

/** The primary location (after parsing exactly one location is primary). */
export function primaryLocationOf(business: Pick<Business, "locations">): Location {
  return business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
}
