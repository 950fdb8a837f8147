import React from "react";
import type { PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { OrderConfirmation } from "../../ordering/order-confirmation";
import type { PlannedPageContext } from "./page-context";

/** The order confirmation, `/order/?id=…` (planned only when ordering is enabled); its heading follows what it shows. */
export default function OrderPage({ location }: PageProps<object, PlannedPageContext>) {
  return <OrderConfirmation search={location.search} header={(title) => <PageHeader title={title} />} />;
}
