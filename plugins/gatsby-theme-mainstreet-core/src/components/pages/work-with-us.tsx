import React from "react";
import { type PageProps } from "gatsby";
import { emailHref } from "@mainstreet/rules/site/hrefs";
import { PageHeader, TextBlocks } from "../page-header";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import { ApplicationForm } from "../../forms/application-form";
import { useFormsData } from "../../forms/use-forms-data";
import type { QueriedBusiness, QueriedLocation } from "../../data/node-shapes";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name">;
  mainstreetPage: WebsitePageData | null;
  allMainstreetLocation: { nodes: Pick<QueriedLocation, "email" | "contactEmails">[] };
}

export default function WorkWithUsPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const location = data.allMainstreetLocation.nodes[0];
  const address = location?.contactEmails[0] ?? location?.email ?? null;
  const mail = emailHref(address);
  const forms = useFormsData();
  return (
    <>
      <PageHeader title={pageContext.title} lead={data.mainstreetPage?.seoDescription} />
      <div className="container prose">
        {pageText(data.mainstreetPage).map((text, index) => (
          <TextBlocks key={index} text={text} />
        ))}
        {/* One way to apply: the form where the site has one; the address only where it has none. */}
        {forms ? (
          <ApplicationForm />
        ) : mail && address ? (
          <p>
            To apply, send a short note about yourself to <a href={mail}>{address.toLowerCase()}</a>.
          </p>
        ) : null}
      </div>
    </>
  );
}
