import React from "react";
import { type PageProps } from "gatsby";
import { PageHeader, TextBlocks } from "../page-header";
import { RevealGroup } from "../reveal";
import { BlogPagination, PostCard, type BlogPostSummary } from "../blog";
import { pageText, type PlannedPageContext, type WebsitePageData } from "./page-context";

export interface Data {
  mainstreetPage: WebsitePageData | null;
  allMainstreetBlogPost: { nodes: BlogPostSummary[] };
}

/**
 * One page of the blog: the merchant's introduction on the first page, then the posts, newest
 * first, nine to a page, and the links to the other pages.
 */
export default function BlogIndexPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const page = pageContext.blogPage ?? 1;
  const posts = data.allMainstreetBlogPost.nodes;
  return (
    <>
      <PageHeader title={pageContext.title} lead={page === 1 ? data.mainstreetPage?.seoDescription : null} />
      <div className="container">
        {page === 1 ? (
          <div className="prose">
            {pageText(data.mainstreetPage).map((text, index) => (
              <TextBlocks key={index} text={text} />
            ))}
          </div>
        ) : null}
        {posts.length > 0 ? (
          <RevealGroup id="blog-posts" className="card-grid card-grid--posts">
            {posts.map((post, index) => (
              <PostCard key={post.postId} post={post} eager={index === 0} />
            ))}
          </RevealGroup>
        ) : (
          <p className="blog-empty">No posts yet. Check back soon.</p>
        )}
        <BlogPagination blogPath={pageContext.blogPath ?? "/"} page={page} pageCount={pageContext.blogPageCount ?? 1} />
      </div>
    </>
  );
}
