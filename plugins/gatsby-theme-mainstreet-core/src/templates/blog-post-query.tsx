import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { blogPostingJsonLd } from "@mainstreet/rules/structured-data";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/blog-post";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/blog-post.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => {
  const post = data.mainstreetBlogPost;
  const business = data.mainstreetBusiness;
  const image = post.heroImage?.file?.publicURL ?? null;
  const posting = blogPostingJsonLd(
    { title: post.title, summary: post.summary, author: post.author, datePublished: post.publishedAt, image, url: pageContext.canonicalPath },
    { siteUrl: business.siteUrl, publisher: { name: business.name, logo: business.logo?.file?.publicURL ?? null }, inLanguage: business.locale },
  );
  return (
    <SeoHead
      title={post.title}
      description={post.summary}
      path={location.pathname}
      canonicalPath={pageContext.canonicalPath}
      image={image}
      imageAlt={post.heroImage?.alt}
      type="article"
      jsonLd={[posting]}
    />
  );
};

export const query = graphql`
  query MainstreetBlogPostPage($postId: String!) {
    mainstreetBusiness {
      name
      siteUrl
      locale
      logo {
        file {
          publicURL
        }
      }
    }
    mainstreetPage(pageType: { eq: "blog" }) {
      title
      path
    }
    mainstreetBlogPost(postId: { eq: $postId }) {
      ...MainstreetBlogPostFields
      content
      publishedAt
      heroImage {
        alt
        file {
          publicURL
          childImageSharp {
            gatsbyImageData(width: 1200, aspectRatio: 1.778, layout: CONSTRAINED)
          }
        }
      }
      newer {
        title
        path
      }
      older {
        title
        path
      }
    }
  }
`;
