import React from "react";
import type { GatsbyBrowser } from "gatsby";
import { Layout } from "./layout";
import { resolveLayout, type LayoutRegistry } from "./layouts";

const layouts: LayoutRegistry = { default: Layout };

interface PageContext {
  template?: string;
  layout?: string;
  locationId?: string;
}

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => {
  const context = (props.pageContext ?? {}) as PageContext;
  const PageLayout = resolveLayout(layouts, context.layout);
  return (
    <PageLayout path={props.location.pathname} template={context.template ?? "page"} locationId={context.template === "location" ? context.locationId : undefined}>
      {element}
    </PageLayout>
  );
};
