import React from "react";
import { graphql, useStaticQuery } from "gatsby";
import { joinUrl } from "../../../../src/lib/links";

interface SeoHeadProps {
  title: string;
  description?: string | null;
  path: string;
  canonicalPath?: string | null;
}

interface SeoQuery {
  mainstreetBusiness: { name: string; description?: string | null; siteUrl: string };
}

/** Title, description and canonical for the Gatsby Head API (no react-helmet). */
export function SeoHead({ title, description, path, canonicalPath }: SeoHeadProps) {
  const { mainstreetBusiness: business } = useStaticQuery<SeoQuery>(graphql`
    query MainstreetSeo {
      mainstreetBusiness {
        name
        description
        siteUrl
      }
    }
  `);
  const fullTitle = title && title !== business.name ? `${title} | ${business.name}` : business.name;
  const text = description ?? business.description ?? "";
  return (
    <>
      <title>{fullTitle}</title>
      {text ? <meta name="description" content={text} /> : null}
      <link rel="canonical" href={joinUrl(business.siteUrl, canonicalPath ?? path)} />
    </>
  );
}
