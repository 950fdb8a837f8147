import React from "react";
import { Link, type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import type { PlannedPageContext } from "./page-context";

export default function NotFoundPage(_props: PageProps<object, PlannedPageContext>) {
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
