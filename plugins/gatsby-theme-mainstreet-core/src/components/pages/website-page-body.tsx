import React, { type ReactNode } from "react";
import { PageHeader, TextBlocks } from "../page-header";
import { pageText, type WebsitePageData } from "./page-context";

/**
 * A merchant-written page: its heading with the page's description as the lead, its text, then what the
 * page adds below the text (location cards and a form, team cards).
 */
export function WebsitePageBody({ title, page, children }: { title: string; page: WebsitePageData | null; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} lead={page?.seoDescription} />
      <div className="container">
        <div className="prose">
          {pageText(page).map((text, index) => (
            <TextBlocks key={index} text={text} />
          ))}
        </div>
        {children}
      </div>
    </>
  );
}
