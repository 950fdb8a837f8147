import React from "react";
import type { HeadFC } from "gatsby";
import { SeoHead } from "../components/seo-head";
import type { PlannedPageContext, WebsitePageData } from "../components/pages/page-context";

/** The head of a page the merchant wrote (about, contact, services…): its own SEO title and description. */
export const websitePageHead: HeadFC<{ mainstreetPage: WebsitePageData | null }, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);
