import React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader } from "../components/sections";
import { CheckoutPage } from "../ordering/checkout-page";
import type { PlannedPageContext } from "./page-context";

/** Checkout (planned only when ordering is enabled); the cart lives in the browser, so the body renders there. */
export default function CheckoutTemplate({ pageContext }: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} />
      <CheckoutPage />
    </>
  );
}

export const Head: HeadFC<object, PlannedPageContext> = ({ pageContext, location }) => (
  <SeoHead title={pageContext.title} path={location.pathname} canonicalPath={pageContext.canonicalPath} noIndex />
);
