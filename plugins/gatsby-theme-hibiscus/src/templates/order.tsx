import React from "react";
import type { HeadFC, PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader } from "../components/sections";
import { OrderConfirmation } from "../ordering/order-confirmation";
import type { PlannedPageContext } from "./page-context";

/** The order confirmation, `/order/?id=…` (planned only when ordering is enabled). */
export default function OrderTemplate({ location }: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title="Thank you for your order" />
      <OrderConfirmation search={location.search} />
    </>
  );
}

export const Head: HeadFC<object, PlannedPageContext> = ({ pageContext, location }) => (
  <SeoHead title={pageContext.title} path={location.pathname} canonicalPath={pageContext.canonicalPath} noIndex />
);
