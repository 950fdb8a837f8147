import React from "react";
import { canonicalUrl, joinUrl } from "@mainstreet/rules/site/canonical";
import { documentTitle } from "@mainstreet/rules/site/page-title";
import { useMainstreetStaticData } from "../hooks/use-static-data";
import type { MainstreetImage } from "../data/node-shapes";

interface SeoHeadProps {
  title: string;
  description?: string | null;
  path: string;
  canonicalPath?: string | null;
  /** The page's own image (a published path such as /static/…/x.jpg); default the business hero. */
  image?: string | null;
  imageAlt?: string | null;
  /** Extra JSON-LD blocks for this page as script text, e.g. an item's Offer/Service block (built at build time). */
  jsonLd?: string[];
  noIndex?: boolean;
  /** Open Graph type: a blog post is an article; every other page a website. */
  type?: "website" | "article";
}

type HeadImage = Pick<MainstreetImage, "alt" | "file">;

export interface SeoQuery {
  mainstreetBusiness: {
    name: string;
    description?: string | null;
    siteUrl: string;
    recipeStyle: string;
    logo?: HeadImage | null;
    heroImage?: HeadImage | null;
    /** LocalBusiness and the navigation list, written at build time (node/structured-data-resolvers.ts). */
    structuredData: string[];
  };
}

const publicUrl = (image?: HeadImage | null) => image?.file?.publicURL ?? null;

export function JsonLdScript({ text }: { text: string }) {
  // jsonLdText escaped every "<", so the text cannot close the script element, whatever the data holds.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />;
}

/**
 * Everything in a page's head (Gatsby Head API): title, description, canonical, Open Graph and Twitter tags, and the structured data every page
 * carries (LocalBusiness + navigation list).
 */
export function SeoHead({ title, description, path, canonicalPath, image, imageAlt, jsonLd = [], noIndex, type = "website" }: SeoHeadProps) {
  const { mainstreetBusiness: business } = useMainstreetStaticData<SeoQuery>();
  const siteUrl = business.siteUrl;
  const fullTitle = documentTitle(title, business.name);
  const text = description ?? business.description ?? "";
  const canonical = canonicalUrl(siteUrl, canonicalPath ?? path);
  const pageImage = image ?? publicUrl(business.heroImage) ?? publicUrl(business.logo);
  const imageUrl = pageImage ? joinUrl(siteUrl, pageImage) : null;

  return (
    <>
      <title>{fullTitle}</title>
      {/* The recipe's tokens as :root variables, brand palette included: in the head, so every element
          (dialogs and drawers rendered outside the layout too) gets the business's colours from the first
          paint. Built from validated tokens and a hex colour, so it holds no markup. */}
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
      {[...business.structuredData, ...jsonLd].map((text, index) => (
        <JsonLdScript key={index} text={text} />
      ))}
    </>
  );
}
