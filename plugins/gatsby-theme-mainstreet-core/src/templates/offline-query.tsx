import React from "react";
import { type HeadFC } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody from "../components/pages/offline";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's head; the body is components/pages/offline.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<object, PlannedPageContext> = ({ location }) => <SeoHead title="You are offline" path={location.pathname} noIndex />;
