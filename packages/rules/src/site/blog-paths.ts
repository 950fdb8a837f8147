/**
 * The blog index's pages and their paths, without luxon: the index's page links use them in the
 * browser; blog.ts, which the page plan uses, re-exports them.
 */

/** Posts per index page: three rows of three cards on a wide screen, one column on a phone. */
export const BLOG_PAGE_SIZE = 9;

/** The index's later pages live under this segment: /blog/page/2/. */
export const BLOG_PAGE_SEGMENT = "page";

/** How many index pages `count` posts need: always at least one (an empty blog still has its page). */
export function blogPageCount(count: number, pageSize: number = BLOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The path of index page `page` (1-based) of a blog at `blogPath`: `/blog/`, `/blog/page/2/`. */
export function blogIndexPath(blogPath: string, page: number): string {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`blogIndexPath: page: expected a whole page number from 1, got ${String(page)}`);
  return page === 1 ? blogPath : `${blogPath}${BLOG_PAGE_SEGMENT}/${page}/`;
}
