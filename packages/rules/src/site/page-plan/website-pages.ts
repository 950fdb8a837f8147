/** The pages the merchant wrote (home, about, contact…, and the blog's index), then home and 404 if missing. */
import { planBlogIndex, type BlogHome, type BlogPosts } from "./blog-pages";
import { pathFromSlug, quote, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PageContext, type PageTemplate, type PlanInput, type WebsitePage } from "./types";

const STATIC_TEMPLATES: ReadonlySet<string> = new Set(["home", "about", "contact", "products", "services", "team", "work-with-us"]);

/** The context of a page the merchant wrote, published at `path` (its own canonical). */
function websitePageContext(page: WebsitePage, path: string): PageContext {
  return {
    id: page.id,
    title: page.title,
    navigationOrder: page.navigationOrder,
    navigationGroup: page.navigationGroup,
    navigationGroupOrder: page.navigationGroupOrder,
    canonicalPath: path,
    pageId: page.id,
    pageType: page.pageType,
  };
}

/** Website pages come first: they own their paths. Returns the blog's page, when the business has one. */
export function planWebsitePages(plan: PlanBuilder, business: PlanInput, posts: BlogPosts): BlogHome | undefined {
  let blog: BlogHome | undefined;
  business.pages.forEach((page, index) => {
    const owner = `pages[${index}] ${quote(page.title)} (id ${page.id})`;
    if (page.pageType === "External") return;
    if (page.pageType === "blog") {
      if (blog) {
        plan.warn(`${owner}: a business has one blog, and ${quote(blog.page.title)} (id ${blog.page.id}) is it; no page created`);
        return;
      }
      blog = { page, path: pathFromSlug(page.slug) };
      planBlogIndex(plan, blog, posts, owner, (path) => websitePageContext(page, path));
      return;
    }
    if (!STATIC_TEMPLATES.has(page.pageType)) {
      plan.warn(`${owner}: page type ${quote(page.pageType)} has no template in this recipe; no page created`);
      return;
    }
    const path = page.pageType === "home" ? "/" : pathFromSlug(page.slug);
    plan.add({ path, template: page.pageType as PageTemplate, context: websitePageContext(page, path) }, owner);
  });
  return blog;
}

/** A home page when the merchant wrote none, and the 404 page every site has. */
export function planFixedPages(plan: PlanBuilder, business: PlanInput): void {
  if (!business.pages.some((page) => page.pageType === "home")) {
    plan.add(
      {
        path: "/",
        template: "home",
        context: { id: "home", title: "Home", navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: "/", pageType: "home" },
      },
      "the home page",
    );
  }
  plan.add(
    {
      path: "/404/",
      template: "404",
      context: { id: "404", title: "Page not found", navigationOrder: DEFAULT_NAVIGATION_ORDER, navigationGroupOrder: DEFAULT_NAVIGATION_ORDER, canonicalPath: "/404/" },
    },
    "the 404 page",
  );
}
