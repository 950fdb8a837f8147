import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, Picture, TextBlocks } from "../page-header";
import { RevealGroup } from "../reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";
import type { QueriedBusiness } from "../../data/node-shapes";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "description" | "images">;
  mainstreetPage: WebsitePageData | null;
}

export default function AboutPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const texts = pageText(data.mainstreetPage);
  return (
    <>
      <PageHeader title={pageContext.title} lead={data.mainstreetPage?.seoDescription} />
      <div className="container prose">
        {texts.length > 0 ? texts.map((text, index) => <TextBlocks key={index} text={text} />) : <TextBlocks text={data.mainstreetBusiness.description} />}
      </div>
      {data.mainstreetBusiness.images.length > 0 ? (
        <section className="container" aria-label={`Photos of ${data.mainstreetBusiness.name}`}>
          <RevealGroup id="about-gallery" className="gallery">
            {data.mainstreetBusiness.images.map((image, index) => (
              <Picture key={index} image={image} className="gallery__image" />
            ))}
          </RevealGroup>
        </section>
      ) : null}
    </>
  );
}
