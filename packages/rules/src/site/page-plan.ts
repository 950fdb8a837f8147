/**
 * The page plan (SPEC §2): every page the site builds, decided from the business data alone.
 * Pure: gatsby-node's createPages only loops over the result, and the rules are tested here. Each section
 * of the site has its own planner in page-plan/; the order they run in is the order paths are claimed.
 */
import { planAppointmentPages } from "./page-plan/appointment-pages";
import { blogPosts, planBlogPosts } from "./page-plan/blog-pages";
import { planLocationPages, planReservationPage } from "./page-plan/location-pages";
import { planOrderingPages } from "./page-plan/ordering-pages";
import { planBuilder } from "./page-plan/plan-builder";
import { planServicePages } from "./page-plan/service-pages";
import { planTeamPages } from "./page-plan/team-pages";
import type { PagePlan, PlanInput } from "./page-plan/types";
import { planFixedPages, planWebsitePages } from "./page-plan/website-pages";

export { type PageContext, type PagePlan, type PageSpec, type PageTemplate, type PlanInput } from "./page-plan/types";

export function planPages(business: PlanInput): PagePlan {
  const plan = planBuilder();
  const posts = blogPosts(business);
  const blog = planWebsitePages(plan, business, posts);
  planFixedPages(plan, business);
  planOrderingPages(plan, business);
  planServicePages(plan, business);
  planTeamPages(plan, business);
  planLocationPages(plan, business);
  planBlogPosts(plan, blog, posts);
  planReservationPage(plan, business);
  planAppointmentPages(plan, business);
  return { pages: plan.pages, warnings: plan.warnings };
}
