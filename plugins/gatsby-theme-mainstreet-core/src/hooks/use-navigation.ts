import { useMemo } from "react";
import { buildNavigation, type Navigation } from "@mainstreet/rules/navigation";
import type { SiteData } from "./use-site-data";

/** The navigation tree of SPEC §2, built once per render tree from the site data. */
export function useNavigation({ business, pages, plannedPages }: SiteData): Navigation {
  return useMemo(
    () =>
      buildNavigation(
        pages.map((page) => ({ ...page, _id: page.pageId })),
        plannedPages
          .filter((page) => page.parentPageId)
          .map((page) => ({
            _id: page.path,
            title: page.title,
            pageType: page.template,
            slug: page.path,
            navigationOrder: page.navigationOrder,
            navigationGroup: page.navigationGroup,
            navigationGroupOrder: page.navigationGroupOrder,
            fishermanParentPageId: page.parentPageId,
            fishermanParentPageType: page.parentPageType,
          })),
        { siteUrl: business.siteUrl },
      ),
    [business.siteUrl, pages, plannedPages],
  );
}
