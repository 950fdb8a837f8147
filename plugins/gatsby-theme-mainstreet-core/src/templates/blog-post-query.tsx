import React from "react";
import { type HeadFC, graphql } from "gatsby";
import { SeoHead } from "../components/seo-head";
import PageBody, { type Data } from "../components/pages/blog-post";
import type { PlannedPageContext } from "../components/pages/page-context";

/** The page's query and head tags; the body is components/pages/blog-post.tsx, which recipes may shadow. */
export default PageBody;

export const Head: HeadFC<Data, PlannedPageContext> = ({ data, pageContext, location }) => {
  const post = data.mainstreetBlogPost;
  const image = post.heroImage?.file?.publicURL ?? null;
  return (
    <SeoHead
      title={post.title}
      description={post.summary}
      path={location.pathname}
      canonicalPath={pageContext.canonicalPath}
      image={image}
      imageAlt={post.heroImage?.alt}
      type="article"
      jsonLd={[post.structuredData]}
    />
  );
};

export const query = graphql`
  query MainstreetBlogPostPage($postId: String!, $canonicalPath: String!) {
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
      structuredData(url: $canonicalPath)
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
