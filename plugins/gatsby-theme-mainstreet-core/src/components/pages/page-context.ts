import type { PageComponent } from "@mainstreet/rules/business/schema";
import type { PageContext } from "@mainstreet/rules/site/page-plan";
import type { PageNode, Queried } from "../../data/node-shapes";

/** The context every planned page carries (see packages/rules/src/site/page-plan.ts), with its template's name. */
export type PlannedPageContext = PageContext & { template: string };

type PageComponentData = Pick<PageComponent, "fastId" | "componentIdentifier" | "contentNodes">;

/** What the MainstreetWebsitePage fragment (components/fragments.ts) returns. */
export type WebsitePageData = Pick<Queried<PageNode>, "title" | "seoTitle" | "seoDescription"> & { components: PageComponentData[] };

/** The text of a page's components, in order, for templates that show merchant-written copy. */
export function pageText(page: WebsitePageData | null | undefined, identifier?: string): string[] {
  if (!page) return [];
  return page.components
    .filter((component) => !identifier || component.componentIdentifier === identifier)
    .flatMap((component) => component.contentNodes.map((node) => node.content));
}
