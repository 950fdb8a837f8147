import React from "react";
import { graphql, useStaticQuery } from "gatsby";
import { canonicalUrl } from "@mainstreet/rules/canonical";
import { joinUrl } from "@mainstreet/rules/links";
import { buildNavigation } from "@mainstreet/rules/navigation";
import { documentTitle } from "@mainstreet/rules/page-title";
import { localBusinessJsonLd, navigationJsonLd, type ImageRecord, type JsonLd } from "@mainstreet/rules/structured-data";
import type { HoursInput } from "@mainstreet/rules/hours";

interface SeoHeadProps {
  title: string;
  description?: string | null;
  path: string;
  canonicalPath?: string | null;
  /** The page's own image (a published path such as /static/…/x.jpg); default the business hero. */
  image?: string | null;
  imageAlt?: string | null;
  /** Extra JSON-LD blocks for this page, e.g. an item's Offer/Service block. */
  jsonLd?: JsonLd[];
  noIndex?: boolean;
  /** Open Graph type: a blog post is an article; every other page a website. */
  type?: "website" | "article";
}

interface HeadImage {
  alt: string;
  file?: { publicURL?: string | null } | null;
}

interface SeoQuery {
  mainstreetBusiness: {
    businessId: string;
    name: string;
    description?: string | null;
    type: string;
    categories: string[];
    subCategory?: string | null;
    siteUrl: string;
    locale: string;
    recipeStyle: string;
    recipeFonts: string[];
    socialMedia: { link: string }[];
    logo?: HeadImage | null;
    heroImage?: HeadImage | null;
    images: HeadImage[];
  };
  allMainstreetLocation: {
    nodes: {
      locationId: string;
      name?: string | null;
      path?: string | null;
      street: string;
      city: string;
      state: string;
      zip: string;
      country: string;
      latitude?: number | null;
      longitude?: number | null;
      phone?: string | null;
      email?: string | null;
      hours: HoursInput[];
    }[];
  };
  allMainstreetPage: {
    nodes: { pageId: string; title: string; pageType: string; slug: string; url?: string | null; navigationPriority: number; navigationOrder: number; props?: string | null; as?: string | null }[];
  };
}

const publicUrl = (image?: HeadImage | null) => image?.file?.publicURL ?? null;

function JsonLdScript({ data }: { data: JsonLd }) {
  // JSON.stringify output with "<" escaped cannot close the script element, whatever the data holds.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

/**
 * Everything in a page's head (Gatsby Head API): the document's language (the business's locale),
 * title, description, canonical, Open Graph and Twitter tags, and the structured data every page
 * carries (LocalBusiness + navigation list).
 */
export function SeoHead({ title, description, path, canonicalPath, image, imageAlt, jsonLd = [], noIndex, type = "website" }: SeoHeadProps) {
  const { mainstreetBusiness: business, allMainstreetLocation, allMainstreetPage } = useStaticQuery<SeoQuery>(graphql`
    query MainstreetSeo {
      mainstreetBusiness {
        businessId
        name
        description
        type
        categories
        subCategory
        siteUrl
        locale
        recipeStyle
        recipeFonts
        socialMedia
        logo {
          alt
          file {
            publicURL
          }
        }
        heroImage {
          alt
          file {
            publicURL
          }
        }
        images {
          alt
          file {
            publicURL
          }
        }
      }
      allMainstreetLocation(sort: { order: ASC }) {
        nodes {
          locationId
          name
          path
          street
          city
          state
          zip
          country
          latitude
          longitude
          phone
          email
          hours
        }
      }
      allMainstreetPage(sort: [{ navigationPriority: ASC }, { navigationOrder: ASC }]) {
        nodes {
          pageId
          title
          pageType
          slug
          url
          navigationPriority
          navigationOrder
          props
          as
        }
      }
    }
  `);
  const siteUrl = business.siteUrl;
  const fullTitle = documentTitle(title, business.name);
  const text = description ?? business.description ?? "";
  const canonical = canonicalUrl(siteUrl, canonicalPath ?? path);
  const pageImage = image ?? publicUrl(business.heroImage) ?? publicUrl(business.logo);
  const imageUrl = pageImage ? joinUrl(siteUrl, pageImage) : null;
  const resolveImage = (record: ImageRecord) => record.publicURL ?? null;

  const localBusiness = localBusinessJsonLd(
    {
      id: business.businessId,
      name: business.name,
      type: business.type,
      categories: business.categories,
      subCategory: business.subCategory,
      description: business.description,
      logo: { publicURL: publicUrl(business.logo) },
      heroImage: { publicURL: publicUrl(business.heroImage) },
      images: business.images.map((entry) => ({ publicURL: publicUrl(entry) })),
      socialMedia: business.socialMedia,
      locations: allMainstreetLocation.nodes.map((location) => ({
        ...location,
        id: location.locationId,
        url: location.path ? joinUrl(siteUrl, location.path) : undefined,
      })),
    },
    { siteUrl, imageUrl: resolveImage },
  );
  const navigation = buildNavigation(allMainstreetPage.nodes.map((page) => ({ ...page, _id: page.pageId })), [], { siteUrl });
  const navigationList = navigationJsonLd(
    navigation.all.map((link) => ({
      title: link.label,
      pageType: link.kind === "internal" ? "internal" : "External",
      // Internal pages are published with a trailing slash; the list names the same urls.
      slug: link.href && !link.href.endsWith("/") ? `${link.href}/` : link.href,
      url: link.href,
    })),
    siteUrl,
  );

  return (
    <>
      {/* Head attributes of <html> win over onRenderBody's, on the server and after client navigation. */}
      <html lang={business.locale} />
      <title>{fullTitle}</title>
      {/* The recipe's tokens as :root variables, brand palette included: in the head, so every element
          (dialogs and drawers rendered outside the layout too) gets the business's colours from the first
          paint. Built from validated tokens and a hex colour, so it holds no markup. */}
      {business.recipeFonts.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      <style data-recipe-tokens="" dangerouslySetInnerHTML={{ __html: business.recipeStyle }} />
      {text ? <meta name="description" content={text} /> : null}
      <link rel="canonical" href={canonical} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={business.name} />
      <meta property="og:title" content={fullTitle} />
      {text ? <meta property="og:description" content={text} /> : null}
      <meta property="og:url" content={canonical} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl && imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={fullTitle} />
      {text ? <meta name="twitter:description" content={text} /> : null}
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      <JsonLdScript data={localBusiness} />
      <JsonLdScript data={navigationList} />
      {jsonLd.map((block, index) => (
        <JsonLdScript key={index} data={block} />
      ))}
    </>
  );
}
