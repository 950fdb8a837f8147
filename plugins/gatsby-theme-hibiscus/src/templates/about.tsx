import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { SeoHead } from "../components/seo-head";
import { PageHeader, Picture, TextBlocks, type ImageNode } from "../components/sections";
import { RevealGroup } from "../components/reveal";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";

interface Data {
  mainstreetBusiness: { name: string; description?: string | null; images: ImageNode[] };
  mainstreetPage: WebsitePageData | null;
}

export default function AboutTemplate({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
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

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => (
  <SeoHead title={data.mainstreetPage?.seoTitle ?? pageContext.title} description={data.mainstreetPage?.seoDescription} path={location.pathname} canonicalPath={pageContext.canonicalPath} />
);

export const query = graphql`
  query MainstreetAboutPage($id: String!) {
    mainstreetBusiness {
      name
      description
      images {
        alt
        file {
          childImageSharp {
            gatsbyImageData(width: 640, aspectRatio: 1.5, layout: CONSTRAINED)
          }
        }
      }
    }
    mainstreetPage(pageId: { eq: $id }) {
      title
      seoTitle
      seoDescription
      components
    }
  }
`;
