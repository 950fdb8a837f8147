import React from "react";
import { type HeadFC } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody from "../components/pages/404";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/404.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<object, PlannedPageContext> = ({ location }) => (
  <SeoHead title="Page not found" path={location.pathname} canonicalPath="/404/" />
);
