import React from "react";
import type { PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { CheckoutPage } from "../../ordering/checkout-page";
import type { PlannedPageContext } from "./page-context";

/** Checkout (planned only when ordering is enabled); the cart lives in the browser, so the body renders there. */
export default function CheckoutPageBody({ pageContext }: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title={pageContext.title} />
      <CheckoutPage />
    </>
  );
}
