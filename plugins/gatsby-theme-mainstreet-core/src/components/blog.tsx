import React from "react";
import { Link } from "gatsby";
import { BLOG_ACTIONS } from "@mainstreet/rules/site/analytics";
import { blogIndexPath } from "@mainstreet/rules/site/blog-paths";
import { eventAttributes } from "@mainstreet/rules/site/link-analytics";
import { Picture, type ImageNode } from "./page-header";

/** A post as the index and the post page read it (MainstreetBlogPost in src/node/gatsby-nodes.ts). */
export interface BlogPostSummary {
  postId: string;
  title: string;
  author?: string | null;
  summary?: string | null;
  path: string;
  /** YYYY-MM-DD in the business's zone, for <time datetime>. */
  publishedDate: string;
  /** The same date as the site writes it (the business's locale). */
  publishedLabel: string;
  heroImage?: (ImageNode & { file?: ImageNode["file"] & { publicURL?: string | null } }) | null;
}

/** Date and author under a post's title. */
export function PostMeta({ post, className = "post-meta" }: { post: Pick<BlogPostSummary, "author" | "publishedDate" | "publishedLabel">; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={post.publishedDate}>{post.publishedLabel}</time>
      {post.author ? <> · By {post.author}</> : null}
    </p>
  );
}

/** A post on the index: its hero image, title (the link, with its Blog event), date, author and summary. */
export function PostCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  return (
    <article className="post-card">
      <Picture image={post.heroImage} className="post-card__image" eager={eager} />
      <div className="post-card__body">
        <h2 className="post-card__title">
          <Link to={post.path} {...eventAttributes("Blog", BLOG_ACTIONS.readPost, post.title)}>
            {post.title}
          </Link>
        </h2>
        <PostMeta post={post} />
        {post.summary ? <p className="post-card__summary">{post.summary}</p> : null}
      </div>
    </article>
  );
}

/**
 * The index's pages: newer and older posts either side of the page numbers, the current one marked for
 * assistive technology (aria-current). Nothing when everything fits on one page.
 */
export function BlogPagination({ blogPath, page, pageCount }: { blogPath: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = (number: number, label: string, className?: string) => (
    <Link to={blogIndexPath(blogPath, number)} className={className} {...eventAttributes("Blog", BLOG_ACTIONS.changePage, `Page ${number}`)}>
      {label}
    </Link>
  );
  return (
    <nav className="pagination" aria-label="Blog pages">
      {page > 1 ? link(page - 1, "Newer posts", "pagination__step") : null}
      <ol className="pagination__pages">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            {number === page ? (
              <span aria-current="page">
                <span className="visually-hidden">Page </span>
                {number}
              </span>
            ) : (
              <Link to={blogIndexPath(blogPath, number)} aria-label={`Page ${number}`} {...eventAttributes("Blog", BLOG_ACTIONS.changePage, `Page ${number}`)}>
                {number}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {page < pageCount ? link(page + 1, "Older posts", "pagination__step") : null}
    </nav>
  );
}
