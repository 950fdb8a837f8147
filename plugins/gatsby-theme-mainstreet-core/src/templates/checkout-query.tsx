import React from "react";
import { type HeadFC } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody from "../components/pages/checkout";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/checkout.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<object, PlannedPageContext> = ({ pageContext, location }) => (
  <SeoHead title={pageContext.title} path={location.pathname} canonicalPath={pageContext.canonicalPath} noIndex />
);
