/** The context every planned page carries (see packages/rules/src/page-plan.ts). */
export interface PlannedPageContext {
  id: string;
  title: string;
  canonicalPath: string;
  template: string;
  categoryId?: string;
  itemId?: string;
  memberId?: string;
  locationId?: string;
  /** Blog posts: the post. */
  postId?: string;
  /** Blog index pages: this page's number, how many there are, and the posts on it. */
  blogPage?: number;
  blogPageCount?: number;
  skip?: number;
  limit?: number;
  /** The blog's first page. */
  blogPath?: string;
}

export interface PageComponentData {
  fastId: string;
  componentIdentifier: string;
  contentNodes: { name?: string; content: string }[];
}

export interface WebsitePageData {
  title: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
  components: PageComponentData[];
}

/** The text of a page's components, in order, for templates that show merchant-written copy. */
export function pageText(page: WebsitePageData | null | undefined, identifier?: string): string[] {
  if (!page) return [];
  return page.components
    .filter((component) => !identifier || component.componentIdentifier === identifier)
    .flatMap((component) => component.contentNodes.map((node) => node.content));
}
