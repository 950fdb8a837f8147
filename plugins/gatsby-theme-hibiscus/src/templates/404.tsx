import React from "react";
import { Link, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader } from "../components/sections";
import type { PlannedPageContext } from "./page-context";

export default function NotFoundTemplate(_props: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title="Page not found" lead="Sorry, we couldn't find that page. It may have moved." />
      <div className="container prose">
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    </>
  );
}

export const Head: HeadFC<object, PlannedPageContext> = ({ location }) => (
  <SeoHead title="Page not found" path={location.pathname} canonicalPath="/404/" />
);
