import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import type { PlannedPageContext } from "./page-context";

/**
 * What the service worker shows for a page this device never saved while there is no connection. Pages
 * opened before keep working offline; this one says so and offers them. Plain links (full page loads):
 * the service worker answers them from its cache.
 */
export default function OfflinePage(_props: PageProps<object, PlannedPageContext>) {
  return (
    <>
      <PageHeader title="You are offline" lead="This page hasn't been saved on this device yet, and there is no connection right now." />
      <div className="container prose">
        <p>Pages you have opened before still work without a connection. Try this page again once you are back online.</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </div>
    </>
  );
}
