/** The blog: its index pages (under the website page of type "blog") and a page per post under them. */
import { BLOG_PAGE_SIZE, blogIndexPath, blogPageCount, blogPostSlugs, newestFirst, type BlogPostInput } from "../blog";
import { quote, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PageContext, type PlanInput, type WebsitePage } from "./types";

export interface BlogPosts {
  posts: readonly BlogPostInput[];
  /** Each post's slug, by position in the data; "" when it has none. */
  slugs: string[];
  /** Positions of the posts that get a page, newest first. */
  published: number[];
}

/** The website page the blog is published under, and its path. */
export interface BlogHome {
  page: WebsitePage;
  path: string;
}

export function blogPosts(business: PlanInput): BlogPosts {
  const posts = business.blogPosts ?? [];
  const primary = business.locations.find((location) => location.primaryLocation) ?? business.locations[0];
  const slugs = blogPostSlugs(posts);
  // Newest first; a post whose slug comes out empty gets no page and takes no place on the index.
  const published = newestFirst(posts, primary?.timezone ?? "UTC").filter((index) => slugs[index] !== "");
  return { posts, slugs, published };
}

/** One index page per BLOG_PAGE_SIZE published posts (at least one), each its own page for search engines. */
export function planBlogIndex(plan: PlanBuilder, blog: BlogHome, posts: BlogPosts, owner: string, context: (path: string) => PageContext): void {
  const pageCount = blogPageCount(posts.published.length);
  for (let number = 1; number <= pageCount; number += 1) {
    const path = blogIndexPath(blog.path, number);
    plan.add(
      {
        path,
        template: "blog-index",
        context: {
          ...context(path),
          title: number === 1 ? blog.page.title : `${blog.page.title}, page ${number}`,
          blogPage: number,
          blogPageCount: pageCount,
          skip: (number - 1) * BLOG_PAGE_SIZE,
          limit: BLOG_PAGE_SIZE,
          blogPath: blog.path,
        },
      },
      number === 1 ? owner : `${owner} (page ${number} of its posts)`,
    );
  }
}

/**
 * Blog posts under the blog page, newest first. They carry no parent page: a blog grows by the week, so the
 * menu links the blog and the blog links its posts, as a category page does its items.
 */
export function planBlogPosts(plan: PlanBuilder, blog: BlogHome | undefined, { posts, slugs, published }: BlogPosts): void {
  if (!blog) {
    if (posts.length > 0) {
      plan.warn(`blogPosts: ${posts.length} post(s) but no website page of type "blog" to publish them under; add one to pages (pageType "blog") to build the blog`);
    }
    return;
  }
  posts.forEach((post, index) => {
    if (slugs[index] === "") {
      plan.warn(`blogPosts[${index}] ${quote(post.title)} (id ${post.id}): its title gives an empty slug and it has no slug of its own, so its page would be ${blog.path}; no page created`);
    }
  });
  published.forEach((index, position) => {
    const post = posts[index];
    const path = `${blog.path}${slugs[index]}/`;
    plan.add(
      {
        path,
        template: "blog-post",
        context: {
          id: post.id,
          title: post.title,
          navigationOrder: position,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          canonicalPath: path,
          postId: post.id,
          blogPath: blog.path,
        },
      },
      `blogPosts[${index}] ${quote(post.title)} (id ${post.id})`,
    );
  });
}
