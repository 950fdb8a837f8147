import type { PageContext } from "@mainstreet/rules/page-plan";

/** The context every planned page carries (see packages/rules/src/page-plan.ts), with its template's name. */
export type PlannedPageContext = PageContext & { template: string };

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
