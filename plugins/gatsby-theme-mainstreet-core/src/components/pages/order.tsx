import React from "react";
import type { PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { OrderConfirmation } from "../../ordering/order-confirmation";
import type { PlannedPageContext } from "./page-context";

/** The order confirmation, `/order/?id=…` (planned only when ordering is enabled). */
export default function OrderPage({ location }: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title="Thank you for your order" />
      <OrderConfirmation search={location.search} />
    </>
  );
}
