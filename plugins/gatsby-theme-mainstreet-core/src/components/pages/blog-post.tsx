import React from "react";
import { Link, type PageProps } from "gatsby";
import { BLOG_ACTIONS } from "@mainstreet/rules/site/analytics";
import { eventAttributes } from "@mainstreet/rules/site/link-analytics";
import { PageHeader, Picture } from "../page-header";
import { PostMeta, type BlogPostSummary } from "../blog";
import { RichText } from "../rich-text";
import type { PlannedPageContext } from "./page-context";
import type { MainstreetImage, PageNode, Queried, QueriedBusiness } from "../../data/node-shapes";

type Neighbour = Pick<BlogPostSummary, "title" | "path"> | null;

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "siteUrl" | "locale"> & { logo?: Pick<MainstreetImage, "file"> | null };
  mainstreetPage: Pick<Queried<PageNode>, "title" | "path"> | null;
  /** structuredData: its BlogPosting JSON-LD, written at build time, for the page's head. */
  mainstreetBlogPost: BlogPostSummary & { content?: string | null; publishedAt: string; structuredData: string; newer: Neighbour; older: Neighbour };
}

function NeighbourLink({ post, label, className }: { post: Neighbour; label: string; className: string }) {
  if (!post) return null;
  return (
    <Link to={post.path} className={className} {...eventAttributes("Blog", BLOG_ACTIONS.readPost, post.title)}>
      <span className="post-nav__label">{label}</span>
      <span className="post-nav__title">{post.title}</span>
    </Link>
  );
}

/**
 * A blog post (SPEC §3 Blog post): title, date in the business's zone, author, the hero image with its alt
 * text, the summary and the body, then the way back to the blog and on to the neighbouring posts.
 */
export default function BlogPostPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const post = data.mainstreetBlogPost;
  const blog = data.mainstreetPage;
  const blogPath = blog?.path ?? pageContext.blogPath;
  return (
    <article className="blog-post">
      <PageHeader title={post.title}>
        {blogPath ? (
          <p className="breadcrumb">
            <Link to={blogPath}>{blog?.title ?? "Blog"}</Link>
          </p>
        ) : null}
        <PostMeta post={post} className="post-meta blog-post__meta" />
      </PageHeader>
      <div className="container blog-post__layout">
        <Picture image={post.heroImage} className="blog-post__hero" eager />
        <div className="prose blog-post__body">
          {post.summary ? <p className="blog-post__summary">{post.summary}</p> : null}
          <RichText text={post.content} siteUrl={data.mainstreetBusiness.siteUrl} />
        </div>
        {post.newer || post.older ? (
          <nav className="post-nav" aria-label="More posts">
            <NeighbourLink post={post.newer} label="Newer post" className="post-nav__newer" />
            <NeighbourLink post={post.older} label="Older post" className="post-nav__older" />
          </nav>
        ) : null}
      </div>
    </article>
  );
}
