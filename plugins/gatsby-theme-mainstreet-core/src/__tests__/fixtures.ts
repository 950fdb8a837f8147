import { sampleNodes, type SampleName } from "./sample-nodes";
import { useStaticQuery } from "gatsby";
import type { SiteData } from "../hooks/use-site-data";

/**
 * The build clock the sample nodes are made with. Tests pin their clocks in May 2026, inside the open
 * schedules this build bakes, so the browser path runs; a test after the schedules' horizon gets the
 * on-demand luxon path instead.
 */
export const FIXTURE_BUILD_TIME = Date.UTC(2026, 4, 1, 12, 0, 0);

/**
 * Template data built from a real sample business the way the GraphQL layer shapes it (the same
 * node builder gatsby-node uses), with @link fields resolved by id.
 */
export function sampleSite(name: SampleName = "salon", options: { buildTime?: number } = {}) {
  const { business, pages, nodes } = sampleNodes(name, options.buildTime ?? FIXTURE_BUILD_TIME);
  // Node fields are plain JSON here, as GraphQL would return them; tests read them loosely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const all = (type: string) => nodes.filter((node) => node.type === type).map((node) => ({ ...node.fields }) as Record<string, any>);
  const items = all("MainstreetMenuItem");
  const categories = all("MainstreetMenuCategory").map((category) => ({
    ...category,
    items: (category.itemIds as string[]).flatMap((id) => items.filter((item) => item.itemId === id)),
  }));
  const site: SiteData = {
    business: all("MainstreetBusiness")[0] as SiteData["business"],
    locations: all("MainstreetLocation") as SiteData["locations"],
  };
  return {
    business,
    pages,
    site,
    websitePages: all("MainstreetPage"),
    plannedPages: all("MainstreetPlannedPage"),
    items,
    categories,
    members: all("MainstreetTeamMember"),
    locations: all("MainstreetLocation"),
    posts: all("MainstreetBlogPost"),
    nodes,
  };
}

/**
 * Answers every static query (site data, forms, ordering: each reads its own fields) with the sample's
 * nodes, for components tested outside a page: a Book Now link, an Add button and the footer read the
 * site data as they do on a page.
 */
export function staticQueryData(sample: ReturnType<typeof sampleSite>) {
  return {
    mainstreetBusiness: sample.site.business,
    allMainstreetLocation: { nodes: sample.locations },
    allMainstreetPlannedPage: { nodes: sample.plannedPages },
    allMainstreetTeamMember: { nodes: sample.members },
    allMainstreetMenuCategory: { nodes: sample.categories },
    allMainstreetMenuItem: { nodes: sample.items },
  };
}

export function answerStaticQueries(sample: ReturnType<typeof sampleSite>): void {
  (useStaticQuery as jest.Mock).mockReturnValue(staticQueryData(sample));
}
